// The Quibbles page: build the position by tapping cards (hand, open display, collection and,
// in solo, the penalty pile), then ask for the best split, the combine options or a ranked
// hint. The server checks and solves; this page only draws the cards and the answers.

import {board} from "/static/board.js";
import {answerPanel, el, fill, header, picker, svg, zone} from "/static/cardsolve.js";

const GAME = "quibbles";
const VALUES = ["1", "2", "3", "4", "5", "6"];

/** Each value's colour, and the ink that reads on it. */
const COLOURS = {
  1: {fill: "#d2372c", ink: "#ffffff"}, 2: {fill: "#e87722", ink: "#ffffff"}, 3: {fill: "#f2c200", ink: "#3a2d00"},
  4: {fill: "#2e8b3e", ink: "#ffffff"}, 5: {fill: "#2d5fb3", ink: "#ffffff"}, 6: {fill: "#7b3fa6", ink: "#ffffff"},
};

/** The outline colours that tell a split's sets apart. */
const SET_COLOURS = ["#1d2330", "#c2185b", "#00838f", "#6d4c41", "#9a6700"];

/** The zones of the position: the option each one fills, its title and help, its card limit. */
const ZONES = [
  {id: "hand", title: "Your hand", empty: "Tap the cards in your hand below", max: 40},
  {id: "display", title: "Display (left to right)", empty: "Tap the display's cards from the left", max: 10},
  {id: "collection", title: "Your collection", empty: "No cards collected yet", max: 6},
  {id: "penalty", title: "Penalty pile (solo)", empty: "No penalty cards yet", max: 40, soloOnly: true},
];

/** Whether a token is a card value 1-6 (anything else is shown as the text typed). */
function isCard(token) {
  return /^[1-6]$/.test(token);
}

/** One Quibbles card as an SVG picture: the value's colour, a big number, a corner index and pips. */
function card(value, width = 44) {
  const {fill, ink} = COLOURS[value];
  const pips = Array.from({length: value}, (_, index) =>
    svg("circle", {cx: 25 + (index - (value - 1) / 2) * 6.5, cy: 59, r: 2.4, fill: ink}));
  return svg("svg", {viewBox: "0 0 50 70", width, height: Math.round(width * 1.4), role: "img",
                     "aria-label": `card ${value}`, class: "q-face", "data-value": value},
    svg("rect", {x: 1, y: 1, width: 48, height: 68, rx: 6, fill, stroke: "rgba(0,0,0,.3)", "stroke-width": 1}),
    svg("rect", {x: 4.5, y: 4.5, width: 41, height: 61, rx: 4, fill: "none", stroke: ink, "stroke-opacity": .45}),
    svg("text", {x: 9, y: 15, "font-size": 10, "font-weight": 700, fill: ink, "text-anchor": "middle",
                 "font-family": "system-ui, sans-serif"}, value),
    svg("text", {x: 25, y: 45, "font-size": 32, "font-weight": 800, fill: ink, "text-anchor": "middle",
                 "font-family": "system-ui, sans-serif"}, value),
    pips);
}

/** The back of a card nobody at this seat can see. */
function cardBack(width = 34) {
  return svg("svg", {viewBox: "0 0 50 70", width, height: Math.round(width * 1.4), role: "img", "aria-label": "a hidden card",
                     class: "q-back"},
    svg("rect", {x: 1, y: 1, width: 48, height: 68, rx: 6, fill: "#3b4252", stroke: "rgba(0,0,0,.3)"}),
    svg("text", {x: 25, y: 43, "font-size": 24, "font-weight": 800, fill: "#d8dee9", "text-anchor": "middle",
                 "font-family": "system-ui, sans-serif"}, "?"));
}

/** A row of a zone's cards on the board, each a face or, when hidden, a back. */
function boardCards(cards, width = 34) {
  if (!cards.length) return el("span", {class: "muted"}, "none");
  return el("span", {class: "q-cards"}, cards.map((value) =>
    el("span", {class: "q-card", "data-value": value}, value === "?" ? cardBack(width) : card(Number(value), width))));
}

/** A pile shown by its count (the cards in it are not drawn). */
function pileCount(cards, what) {
  return el("span", {class: "q-pile"}, `${cards.length} card${cards.length === 1 ? "" : "s"} ${what}`);
}

/** The position on the board: the display, each seat's hand and collection (the seat to move first marked), the piles. */
function drawBoard(position, container, {show}) {
  const scores = new Map(show.scores.map((entry) => [entry.seat, entry.score]));
  const seats = position.hands.map((hand, index) => {
    const seat = index + 1;
    const moving = position.to_move === seat || (position.to_move === 0 && position.turn_seat === seat);
    return el("div", {class: `q-seat${moving ? " moving" : ""}`, "data-seat": seat},
      el("div", {class: "q-seat-head"}, el("strong", {}, `Seat ${seat}${moving ? " (its turn)" : ""}`),
         el("span", {class: "muted"}, `score ${scores.get(seat) ?? 0}`)),
      line("Hand", boardCards(hand)),
      line("Collected", boardCards(position.collections[index] || [])));
  });
  fill(container,
    line("Display", boardCards(position.display, 40)),
    el("div", {class: "q-seats"}, seats),
    position.variant === "solo" ? line("Penalty", boardCards(position.penalty || [])) : null,
    el("p", {class: "muted"}, pileCount(position.draw_pile, "to draw"), " · ", pileCount(position.discard, "discarded"),
       ` · ${position.variant} rules · turn ${position.turn_count + 1}`));
}

/** A card drawn for a zone or a picker from its token; null when the token is not a card. */
function drawToken(token) {
  return isCard(token) ? card(Number(token)) : null;
}

/** A small card inside an answer, optionally marked (taken, left, laid) and tagged with its set. */
function answerCard(value, {mark = "", set = null, tag = null} = {}) {
  const style = set === null ? null : `--set-colour: ${SET_COLOURS[set % SET_COLOURS.length]}`;
  return el("span", {class: `q-card ${mark}`.trim(), style, "data-value": value, "data-set": set},
            card(value, 34), tag === null ? null : el("span", {class: "tag"}, tag));
}

/** A row of small cards. */
function cardRow(values, options = {}) {
  return el("span", {class: "q-cards"}, values.map((value) => answerCard(value, options)));
}

/** A framed group of cards with its sum, as one set of a split or one play of a combine. */
function group(values, {set = null, sum = true} = {}) {
  const style = set === null ? null : `--set-colour: ${SET_COLOURS[set % SET_COLOURS.length]}`;
  return el("span", {class: "q-group", style, "data-set": set},
            cardRow(values), sum ? el("span", {class: "q-sum"}, `= ${values.reduce((a, b) => a + b, 0)}`) : null);
}

/** A labelled line of an answer's drawing. */
function line(label, ...content) {
  return el("div", {class: "q-line"}, el("span", {class: "q-label"}, label), ...content);
}

/** The letter naming a set (A, B, ...). */
function setLetter(index) {
  return String.fromCharCode(65 + index);
}

/**
 * The display positions the sets take, in the display's left-to-right order: each set's
 * values are matched to the leftmost display cards of those values not matched yet (the
 * cards of a value are alike, so this only decides where the highlight goes).
 */
function positionsOf(display, sets) {
  const used = new Set();
  return sets.map((values) => values.map((value) => {
    const index = display.findIndex((shown, i) => shown === value && !used.has(i));
    used.add(index);
    return index;
  }));
}

/** The display drawn with the cards at `positions` (one list per set) highlighted and tagged, the rest faded. */
function displayWithTaken(display, positions, {laid = null} = {}) {
  const setAt = new Map();
  positions.forEach((indices, set) => indices.forEach((index) => setAt.set(index, set)));
  const cards = display.map((value, index) => setAt.has(index)
    ? answerCard(value, {mark: "taken", set: setAt.get(index), tag: positions.length > 1 ? setLetter(setAt.get(index)) : null})
    : answerCard(value, {mark: positions.length ? "left" : ""}));
  if (laid !== null) cards.push(answerCard(laid, {mark: "laid", tag: "+"}));
  return el("span", {class: "q-cards q-display"}, cards);
}

/** The drawing of a best split: the card played, the display with the taken cards highlighted, and each set. */
function drawSplit(document, drawing) {
  const positions = positionsOf(document.display, document.sets);
  const summary = document.sets.length
    ? `Your ${document.value} takes ${document.taken} of the ${document.display.length} display cards`
    : `Your ${document.value} takes nothing: no 2 or more display cards add up to ${document.value}`;
  drawing.append(
    el("p", {class: "q-summary", "data-taken": document.taken}, summary),
    line("Play", cardRow([document.value])),
    line("Display", displayWithTaken(document.display, positions)),
  );
  if (document.sets.length) {
    drawing.append(line("Take", el("span", {class: "q-cards q-sets"},
                                   document.sets.map((values, set) => group(values, {set})))));
  }
}

/** The drawing of every combine option: a row per option, the hand cards played and the display cards taken. */
function drawCombine(document, drawing) {
  if (!document.options.length) {
    drawing.append(el("p", {class: "q-summary"}, "No combine: no 2 to 6 hand cards worth at most 6 match a display card."));
    return;
  }
  const options = document.options.map((option, index) => el("li", {"data-option": index + 1},
    el("div", {class: "q-line"},
      el("span", {class: "q-rank"}, `${index + 1}.`),
      el("span", {class: "q-unit"}, el("span", {class: "q-label"}, "play"), group(option.played)),
      el("span", {class: "q-unit"}, el("span", {class: "q-op"}, "→"), el("span", {class: "q-label"}, `take ${option.taken}`),
         cardRow(Array(option.taken).fill(option.total), {mark: "taken"})))));
  drawing.append(el("p", {class: "q-summary"}, `${document.options.length} combine option${document.options.length === 1 ? "" : "s"}, the most cards taken first`),
                 el("ol", {class: "q-options"}, options));
}

/** What a ranked turn's action does, drawn: the card(s) played and what they take. */
function turnPicture(turn) {
  if (turn.action === "split") {
    return [el("span", {class: "q-label"}, "split"), cardRow([turn.card]), el("span", {class: "q-op"}, "→"),
            el("span", {class: "q-cards"}, turn.sets.map((values, set) => group(values, {set})))];
  }
  if (turn.action === "combine") {
    return [el("span", {class: "q-label"}, "combine"), group(turn.played), el("span", {class: "q-op"}, "→"),
            cardRow(turn.taken, {mark: "taken"})];
  }
  return [el("span", {class: "q-label"}, "draw"), cardRow([turn.card]),
          el("span", {class: "muted"}, "to the display, then draw 2")];
}

/** A turn's stash drawn: the value collected and the card given up for it, if any. */
function stashPicture(stash) {
  if (!stash) return null;
  return el("span", {class: "q-stash"}, el("span", {class: "q-label"}, "stash"), cardRow([stash.value]),
            stash.evict === null ? null : [el("span", {class: "muted"}, "giving up"), cardRow([stash.evict], {mark: "left"})]);
}

/** One ranked turn of a hint as a list item; the best one also shows its reason and the display it takes from. */
function rankedTurn(turn, index, document, display) {
  const best = index === 0;
  const item = el("li", {class: best ? "best" : null, "data-rank": index + 1},
    el("div", {class: "q-turn-head"},
      el("span", {}, el("span", {class: "q-rank"}, best ? "Best" : `#${index + 1}`), " ",
         el("span", {class: "q-turn-text"}, turn.text)),
      el("span", {class: "q-scores"}, `expected ${turn.expected.toFixed(2)} · now ${turn.static.toFixed(2)}`)),
    el("div", {class: "q-line"}, turnPicture(turn), stashPicture(turn.stash)));
  if (best) {
    const positions = turn.action === "split" ? turn.positions : turn.action === "combine" ? [turn.positions] : [];
    item.append(line("Display", displayWithTaken(display, positions, {laid: turn.action === "draw" ? turn.card : null})),
                el("p", {class: "q-reason"}, `Why: ${document.explanation}`));
  }
  return item;
}

/** The drawing of a hint: the ranked turns, the best one highlighted with its one-line reason. */
function drawHint(display) {
  return (document, drawing) => {
    const scale = document.variant === "solo" ? "minus the penalty, higher is better" : "higher is better";
    const second = document.finalists ? `, the best ${document.finalists} × ${document.final_samples} more` : "";
    drawing.append(
      el("p", {class: "q-summary"}, `Best turn of ${document.turns}: ${document.ranked[0].text}`),
      el("p", {class: "muted"},
         `${document.sampled} turns sampled × ${document.samples} refills${second}; scores ${scale}.`),
      el("ol", {class: "q-turns"}, document.ranked.map((turn, index) => rankedTurn(turn, index, document, display))));
  };
}

/** A zone's block: its title and count, the zone, a row of cards to add, and the notation field. */
function zoneBlock(spec) {
  const zoneElement = el("div", {class: "zone", id: spec.id, "data-empty": spec.empty, "aria-label": spec.title});
  const field = el("input", {type: "text", class: "notation", id: `${spec.id}-text`, inputmode: "numeric",
                             autocomplete: "off", spellcheck: "false", placeholder: "e.g. 1,2,2,6"});
  const add = el("div", {class: "picker", id: `${spec.id}-picker`, role: "group", "aria-label": `add to ${spec.title}`});
  const clear = el("button", {type: "button", class: "clear", "aria-label": `clear ${spec.title}`}, "Clear");
  const block = el("div", {class: "q-zone", id: `${spec.id}-block`, hidden: spec.soloOnly || null},
    el("div", {class: "zone-label"}, el("h3", {}, spec.title),
       el("span", {}, el("span", {class: "count", "data-count-for": spec.id}, "0 cards"), " ", clear)),
    zoneElement,
    el("div", {class: "q-add"}, el("span", {class: "muted"}, "Add:"), add),
    el("label", {class: "field", for: field.id}, "or type them:",
       el("span", {class: "visually-hidden"}, ` (${spec.title})`)), field);
  return {block, zoneElement, field, add, clear};
}

/** The page's state: the zones by id, the chosen split card, and the answer panel. */
const state = {zones: {}, splitValue: null, splitChosen: false, panel: null};

/** Build every zone with its picker and keep the split chooser in step with the hand. */
function buildZones() {
  const container = document.getElementById("zones");
  for (const spec of ZONES) {
    const parts = zoneBlock(spec);
    container.append(parts.block);
    const kept = zone({zoneElement: parts.zoneElement, field: parts.field, draw: drawToken, max: spec.max,
                       onChange: () => { if (spec.id === "hand") updateSplitChooser(); markStale(); }});
    picker(parts.add, VALUES, (token) => card(Number(token), 34), (token) => kept.add(token));
    parts.clear.addEventListener("click", () => kept.clear());
    state.zones[spec.id] = kept;
  }
}

/** The split chooser: the six values; tapping one chooses it. */
function buildSplitChooser() {
  picker(document.getElementById("split-value"), VALUES, (token) => card(Number(token), 34), (token) => {
    state.splitValue = token;
    state.splitChosen = true;
    updateSplitChooser();
  });
  updateSplitChooser();
}

/**
 * Show which values are in the hand and which one is chosen; until a card is tapped, the
 * highest card in hand is the one to split. The button says which card it splits.
 */
function updateSplitChooser() {
  const hand = state.zones.hand.tokens.filter(isCard);
  if (!state.splitChosen) state.splitValue = hand.length ? String(Math.max(...hand.map(Number))) : null;
  for (const button of document.querySelectorAll("#split-value .card-button")) {
    button.classList.toggle("in-hand", hand.includes(button.dataset.pick));
    button.setAttribute("aria-pressed", String(button.dataset.pick === state.splitValue));
    button.setAttribute("aria-label", `split a ${button.dataset.pick}`);
  }
  document.getElementById("ask-split-button").textContent =
    state.splitValue ? `Best split of a ${state.splitValue}` : "Best split";
  document.getElementById("split-note").textContent = "";
}

/** Show the penalty pile and hide the opponents in solo; grey out the 6s in the simplified variant. */
function applyVariant() {
  const variant = document.getElementById("variant").value;
  document.getElementById("penalty-block").hidden = variant !== "solo";
  document.getElementById("opponents-row").hidden = variant === "solo";
  for (const button of document.querySelectorAll(".q-zone .picker .card-button[data-pick='6']")) {
    button.disabled = variant === "simplified";
  }
  markStale();
}

/** Fade the answer once the position changes after it, so an old answer is not read as the new one's. */
function markStale() {
  if (state.panel && state.panel.element.dataset.state === "done") state.panel.element.dataset.stale = "true";
}

/** The text of a zone for the API (null when empty, which leaves the option out). */
function zoneText(id) {
  return state.zones[id].text || null;
}

/** Ask a command and draw its answer; the panel is brought into view on a phone. */
async function run(command, options, draw) {
  delete state.panel.element.dataset.stale;
  state.panel.element.scrollIntoView({block: "nearest", behavior: "smooth"});
  await state.panel.run(GAME, command, options, draw);
}

/** Ask for the best split of the chosen card against the display. */
function askSplit() {
  if (!state.splitValue) {
    document.getElementById("split-note").textContent = "Tap the card you want to split first.";
    return;
  }
  run("split", {value: state.splitValue, display: zoneText("display"), backend: document.getElementById("backend").value},
      drawSplit);
}

/** Ask for every combine option of the hand against the display. */
function askCombine() {
  run("combine", {hand: zoneText("hand"), display: zoneText("display")}, drawCombine);
}

/** Ask for the ranked hint with the CLI's default lookahead (16 refills, the top 5 turns shown). */
function askHint() {
  const variant = document.getElementById("variant").value;
  const display = state.zones.display.tokens.map(Number);
  run("hint", {hand: zoneText("hand"), display: zoneText("display"), collection: zoneText("collection"), variant,
               penalty: variant === "solo" ? zoneText("penalty") : null,
               opponents: variant === "solo" ? null : Number(document.getElementById("opponents").value)},
      drawHint(display));
}

/**
 * The position of the cards entered below, as seat 1's turn: the hand, display, collection
 * (and, solo, penalty pile) as tapped, each other player's hand face down; null, with a
 * note saying why, when a zone holds something that is not a card.
 */
function enteredPosition() {
  const variant = document.getElementById("variant").value;
  const bad = Object.entries(state.zones).find(([id, kept]) => (id !== "penalty" || variant === "solo") &&
                                                              kept.tokens.some((token) => !isCard(token)));
  if (bad) {
    document.getElementById("to-board-note").textContent =
      `${bad[0]} holds ${bad[1].tokens.find((token) => !isCard(token))}, which is not a card 1-6.`;
    return null;
  }
  const cards = (id) => state.zones[id].tokens.map(Number);
  const others = variant === "solo" ? 0 : Number(document.getElementById("opponents").value);
  const hidden = Number(document.getElementById("hidden-hand").value);
  const position = {
    game: GAME, variant, to_move: 1,
    hands: [cards("hand"), ...Array.from({length: others}, () => Array(hidden).fill("?"))],
    display: cards("display"),
    collections: [cards("collection"), ...Array.from({length: others}, () => [])],
  };
  if (variant === "solo") position.penalty = cards("penalty");
  return position;
}

/** Put the page together: the board first, the questions about typed-in cards below it. */
function start() {
  document.getElementById("header").replaceWith(header(GAME));
  const theBoard = board(GAME, {
    draw: drawBoard,
    deal: [{name: "players", label: "Players", min: 1, max: 5, value: 2},
           {name: "variant", label: "Variant", choices: ["standard", "simplified", "solo"], value: "standard"}],
    effort: [{name: "samples", label: "Deals per turn", min: 1, max: 10000, value: 16}],
  });
  buildZones();
  buildSplitChooser();
  state.panel = answerPanel(document.getElementById("tool-answer"));
  document.getElementById("variant").addEventListener("change", applyVariant);
  for (const id of ["opponents", "backend"]) document.getElementById(id).addEventListener("change", markStale);
  document.getElementById("ask-split-button").addEventListener("click", askSplit);
  document.getElementById("ask-combine-button").addEventListener("click", askCombine);
  document.getElementById("ask-hint-button").addEventListener("click", askHint);
  document.getElementById("to-board").addEventListener("click", () => {
    document.getElementById("to-board-note").textContent = "";
    const position = enteredPosition();
    if (position === null) return;
    theBoard.load(position);
    document.getElementById("board-panel").scrollIntoView({block: "start", behavior: "smooth"});
  });
  applyVariant();
}

start();
