// The Was sticht? page: the board follows a whole game (the chip draft, the layout, the card
// draft with the dealer's clues, the trumps, the chips chosen, the tricks), every option of
// the seat to move valued; below it, more questions: the draft's clues built by tapping
// (deduce), and a round's hands, trumps and leader built by tapping or dealt from a seed
// (solve, choose a chip, chip table). The server checks and solves; this page only builds
// the position and draws the answers.

import {board} from "/static/board.js";
import {answerPanel, ask, el, fill, header, keepFocus, picker, svg, zone} from "/static/cardsolve.js";

const GAME = "was-sticht";
const SUITS = ["R", "B", "G", "Y"];
const NUMBERS = [1, 2, 3, 4, 5, 6, 7, 8, 9];
const COLOURS = {
  R: {name: "red", fill: "var(--red)", ink: "#fff"},
  B: {name: "blue", fill: "var(--blue)", ink: "#fff"},
  G: {name: "green", fill: "var(--green)", ink: "#fff"},
  Y: {name: "yellow", fill: "var(--yellow)", ink: "#1d2330"},
};
const SEATS = 4;
const HAND = 9;
const DECK_TOKENS = SUITS.flatMap((suit) => NUMBERS.map((number) => `${suit}${number}`));

const $ = (selector) => document.querySelector(selector);

// ---------------------------------------------------------------------------------------
// Cards

/** A card token's colour letter and number ({colour, number}), or null when it is no card. */
function parseCard(token) {
  const match = /^([RBGY])([1-9])$/i.exec(String(token).trim());
  return match ? {colour: match[1].toUpperCase(), number: Number(match[2])} : null;
}

/** A token as the CLI prints it (upper case), for comparing cards. */
function normal(token) {
  return String(token).trim().toUpperCase();
}

/** One card drawn in SVG: its colour as the fill, its number large in the middle and small
 * in two corners; null when the token is not a card. `scale` enlarges it. */
function drawCard(token, scale = 1) {
  const card = parseCard(token);
  if (!card) return null;
  const {name, fill, ink} = COLOURS[card.colour];
  return svg("svg", {viewBox: "0 0 30 42", width: 30 * scale, height: 42 * scale, class: "ws-card", role: "img",
                     "aria-label": `${name} ${card.number}`, "data-card": `${card.colour}${card.number}`},
    svg("rect", {x: 0.75, y: 0.75, width: 28.5, height: 40.5, rx: 4, style: `fill: ${fill}`, stroke: "rgba(0,0,0,.35)",
                 "stroke-width": 1.5}),
    svg("ellipse", {cx: 15, cy: 21, rx: 10, ry: 12, fill: "rgba(255,255,255,.22)"}),
    svg("text", {x: 15, y: 27.5, "text-anchor": "middle", "font-size": 18, "font-weight": 700, style: `fill: ${ink}`},
        card.number),
    svg("text", {x: 3.5, y: 9, "font-size": 7, "font-weight": 700, style: `fill: ${ink}`}, card.number),
    svg("text", {x: 26.5, y: 38, "font-size": 7, "font-weight": 700, "text-anchor": "end", style: `fill: ${ink}`},
        card.number));
}

/** The 36 cards as a picker of four rows, one per colour; tapping a card calls pick(token). */
function deckPicker(container, pick) {
  container.replaceChildren(...SUITS.map((suit) => {
    const row = el("div", {class: "picker"});
    picker(row, NUMBERS.map((number) => `${suit}${number}`), drawCard, pick);
    return row;
  }));
}

/** Greys out the picker's cards that lie somewhere already (`used`: a set of tokens). A card
 * that had the keyboard focus (Enter added it) hands the focus on to the next card left. */
function markUsed(container, used) {
  const focused = document.activeElement;
  for (const button of container.querySelectorAll("[data-pick]")) button.disabled = used.has(button.dataset.pick);
  if (focused && focused.disabled && container.contains(focused)) {
    const row = focused.parentElement;
    keepFocus(row, [...row.children].indexOf(focused));
    if (document.activeElement !== focused && row.contains(document.activeElement)) return;
    const next = container.querySelector("[data-pick]:not(:disabled)");
    if (next) next.focus({preventScroll: true});
  }
}

/** Marks a tool's answer as older than its inputs (they changed since): it is faded and
 * says so, until the next answer. `commands`: only an answer of these commands (all when null). */
function markStale(panel, commands = null) {
  if (!panel || panel.element.dataset.state !== "done") return;
  if (commands && !commands.some((command) => panel.element.dataset.command === `${GAME} ${command}`)) return;
  panel.element.dataset.stale = "true";
}

/** Runs a tool's command in its panel, the old answer's stale mark taken off. */
function runTool(panel, command, options, draw) {
  delete panel.element.dataset.stale;
  return panel.run(GAME, command, options, draw);
}

/** A row of cards drawn small, the card `best` (if any) outlined. */
function drawHand(tokens, best = null) {
  return el("div", {class: "hand-drawing"}, tokens.map((token) =>
    el("span", {class: normal(token) === best ? "best" : null, "data-best": normal(token) === best ? "true" : null},
       drawCard(token) || token)));
}

/** A trump suit's words: "red" or "no trump suit". */
function suitWords(suit) {
  return suit ? COLOURS[suit].name : "no trump suit";
}

/** A trump number's words: "5" or "no trump number". */
function numberWords(number) {
  return number ? String(number) : "no trump number";
}

/** Trumps in the CLI's notation: R5, -5, R-, --. */
function trumpsName({suit, number}) {
  return `${suit || "-"}${number || "-"}`;
}

/** Trumps read from the notation (R5, -5, R-, --), or null when it is not that notation. */
function parseTrumps(text) {
  const match = /^([RBGY-])([1-9-])$/i.exec(text.trim());
  if (!match) return null;
  return {suit: match[1] === "-" ? null : match[1].toUpperCase(), number: match[2] === "-" ? null : Number(match[2])};
}

/** A radio button in a pill, for "tap cards into" choices. */
function targetOption(name, value, text, checked, onChoose) {
  const input = el("input", {type: "radio", name, value, checked, onchange: () => onChoose(value)});
  return el("label", {"data-target": value}, input, ` ${text}`);
}

/** Horizontal bars of shares: rows of [label, share, colour]. */
function bars(title, rows) {
  return el("div", {},
    el("h3", {}, title),
    el("div", {class: "bars"}, rows.flatMap(([label, share, colour]) => [
      el("span", {}, label),
      el("div", {}, el("div", {class: "bar", style: `width: ${(share * 100).toFixed(1)}%; background: ${colour}`,
                               "data-share": share})),
      el("span", {}, `${Math.round(share * 100)}%`),
    ])));
}

// ---------------------------------------------------------------------------------------
// The draft: columns of four cards with their winners (the clues) and the offer

const draft = {clues: [], winner: null, target: "column", column: null, offer: null, panel: null};

/** Builds the draft section: the deck picker, the column, its winner, the clues and the offer. */
function setupDraft() {
  draft.column = zone({zoneElement: $("#column-zone"), field: $("#column-field"), draw: (t) => drawCard(t), max: 4,
                       onChange: columnChanged});
  draft.offer = zone({zoneElement: $("#offer-zone"), field: $("#offer-field"), draw: (t) => drawCard(t),
                      onChange: draftChanged});
  deckPicker($("#draft-deck"), pickForDraft);
  for (const input of document.querySelectorAll("input[name='draft-target']")) {
    input.addEventListener("change", () => chooseDraftTarget(input.value));
  }
  for (const target of ["column", "offer"]) {
    const element = $(`#${target}-zone`);
    element.addEventListener("click", (event) => { if (event.target === element) chooseDraftTarget(target); });
  }
  $("#add-column").addEventListener("click", addColumn);
  $("#clues-field").addEventListener("input", cluesTyped);
  $("#deduce").addEventListener("click", deduce);
  $("#clear-draft").addEventListener("click", clearDraft);
  draft.panel = answerPanel($("#draft-answer"));
  chooseDraftTarget("column");
  renderClues();
  draft.column.clear();
  draft.offer.clear();
}

/** Makes the column or the offer the zone that tapped cards go into. */
function chooseDraftTarget(target) {
  draft.target = target;
  for (const input of document.querySelectorAll("input[name='draft-target']")) input.checked = input.value === target;
  $("#column-zone").classList.toggle("active", target === "column");
  $("#offer-zone").classList.toggle("active", target === "offer");
}

/** A card tapped in the draft's deck goes into the chosen zone. */
function pickForDraft(token) {
  (draft.target === "offer" ? draft.offer : draft.column).add(token);
}

/** The column changed: redraw its winner chooser, forgetting a winner no longer in it. */
function columnChanged(tokens) {
  if (draft.winner !== null && draft.winner >= tokens.length) draft.winner = null;
  const focused = [...$("#winner-choice").children].indexOf(document.activeElement);
  $("#winner-choice").replaceChildren(...tokens.map((token, index) =>
    el("button", {type: "button", class: "card-button", "data-winner": index + 1,
                  "aria-pressed": String(draft.winner === index), "aria-label": `${token} wins`,
                  title: `${token} would win the column`,
                  onclick: () => { draft.winner = index; columnChanged(draft.column.tokens); }},
       drawCard(token) || el("span", {class: "raw"}, token))));
  if (focused >= 0) keepFocus($("#winner-choice"), focused);
  $("#add-column").disabled = !(tokens.length === 4 && draft.winner !== null);
  draftChanged();
}

/** Grey out the cards already in the column, the clues or the offer. */
function draftChanged() {
  const used = new Set([...draft.column.tokens, ...draft.offer.tokens,
                        ...draft.clues.flatMap((clue) => clue.cards)].map(normal));
  markUsed($("#draft-deck"), used);
  markStale(draft.panel);
}

/** The column and its winner become a clue; the column empties for the next one. */
function addColumn() {
  if (draft.column.tokens.length !== 4 || draft.winner === null) return;
  draft.clues.push({cards: draft.column.tokens.map(normal), winner: draft.winner + 1});
  draft.winner = null;
  const keyed = document.activeElement === $("#add-column");
  draft.column.clear();
  renderClues();
  if (keyed) $("#draft-deck [data-pick]:not(:disabled)")?.focus({preventScroll: true});  // on to the next column
}

/** Draws the clue list (each a column of cards, its winner outlined) and writes the clues file. */
function renderClues(writeField = true) {
  const focused = [...$("#clue-list").children].indexOf(document.activeElement);
  $("#clue-list").replaceChildren(...draft.clues.map((clue, index) =>
    el("button", {type: "button", class: "clue", "data-clue": index + 1, title: "tap to remove this clue",
                  "aria-label": `remove clue ${index + 1}`,
                  onclick: () => { draft.clues.splice(index, 1); renderClues(); }},
       el("small", {}, `clue ${index + 1}`),
       (clue.cards || []).map((token, place) =>
         el("span", {class: place + 1 === clue.winner ? "win" : null, "data-place": place + 1},
            drawCard(token, 0.8) || token)),
       el("small", {}, `wins: ${clue.winner}`))));
  if (focused >= 0) keepFocus($("#clue-list"), focused);
  $("#clue-count").textContent = `${draft.clues.length} clue${draft.clues.length === 1 ? "" : "s"}`;
  if (writeField) {
    $("#clues-field").value = cluesText(draft.clues);
    $("#clues-field").classList.remove("invalid");
    fitHeight($("#clues-field"));
  }
  draftChanged();
}

/** Grows a text area to show all of its text. */
function fitHeight(area) {
  area.style.height = "auto";
  area.style.height = `${area.scrollHeight + 4}px`;
}

/** The clues file's text, one column a line. */
function cluesText(clues) {
  const lines = clues.map((clue) =>
    `  {"cards": [${clue.cards.map((card) => JSON.stringify(card)).join(", ")}], "winner": ${clue.winner}}`);
  return `{"observations": [${lines.length ? "\n" + lines.join(",\n") + "\n" : ""}]}`;
}

/** The clues file was typed: when it reads as clues, the list follows; else it is marked. */
function cluesTyped() {
  const field = $("#clues-field");
  let data;
  try {
    data = JSON.parse(field.value);
  } catch (error) {
    field.classList.add("invalid");
    return;
  }
  const shaped = data && Array.isArray(data.observations) &&
    data.observations.every((clue) => clue && Array.isArray(clue.cards) && Number.isInteger(clue.winner));
  field.classList.toggle("invalid", !shaped);
  if (!shaped) return;
  draft.clues = data.observations.map((clue) => ({cards: clue.cards.map(String), winner: clue.winner}));
  renderClues(false);
}

/** Empties the column, the clues and the offer. */
function clearDraft() {
  draft.clues = [];
  draft.winner = null;
  draft.column.clear();
  draft.offer.clear();
  renderClues();
}

/** Asks the server for the trumps that fit the clues and the best pick among the offer. */
function deduce() {
  runTool(draft.panel, "deduce", {clues: {observations: draft.clues}, offer: draft.offer.text || null},
                  (doc, drawing) => drawDeduction(doc, drawing));
}

/** The deduction drawn: the 50 trump pairs with the fitting ones filled, the shares of each
 * trump suit and number as bars, and the offered cards with the best pick outlined. */
function drawDeduction(doc, drawing) {
  const fits = new Set(doc.consistent.map(trumpsName));
  drawing.append(el("h3", {}, `${fits.size} of 50 trump pairs fit`), pairGrid(fits));
  if (doc.suits.length) {
    drawing.append(
      bars("Trump suit", doc.suits.map(({suit, share}) => [suitWords(suit), share,
                                                                 suit ? COLOURS[suit].fill : "var(--grey)"])),
      bars("Trump number", doc.numbers.map(({number, share}) => [numberWords(number), share, "var(--accent)"])));
  } else {
    const which = doc.contradiction === 1 ? "every pair" : "the ones before it";
    drawing.append(el("p", {class: "status error"}, `No pair fits: clue ${doc.contradiction} contradicts ${which}.`));
  }
  if (doc.pick) drawing.append(drawPick(doc.pick));
}

/** The 50 trump pairs as a grid, suits down and numbers across; fitting pairs filled. */
function pairGrid(fits) {
  const cell = 28, left = 50, top = 18;
  const suits = [...SUITS, null], numbers = [...NUMBERS, null];
  const parts = [];
  numbers.forEach((number, column) => parts.push(svg("text", {x: left + column * cell + cell / 2, y: 13,
    "text-anchor": "middle", "font-size": 11, fill: "#5b6474"}, number ? number : "none")));
  suits.forEach((suit, row) => {
    const y = top + row * cell;
    parts.push(svg("text", {x: left - 4, y: y + cell / 2 + 4, "text-anchor": "end", "font-size": 11, fill: "#5b6474"},
                   suit ? COLOURS[suit].name : "none"));
    numbers.forEach((number, column) => {
      const name = trumpsName({suit, number});
      const fit = fits.has(name);
      const colour = suit ? COLOURS[suit] : {fill: "var(--grey)", ink: "#fff"};
      parts.push(svg("g", {"data-pair": name, "data-fits": String(fit)},
        svg("rect", {x: left + column * cell + 1, y: y + 1, width: cell - 2, height: cell - 2, rx: 4,
                     style: fit ? `fill: ${colour.fill}` : "fill: #f1efe9", stroke: fit ? "#1d2330" : "#d6d2c8"}),
        fit ? svg("text", {x: left + column * cell + cell / 2, y: y + cell / 2 + 4, "text-anchor": "middle",
                           "font-size": 10, "font-weight": 700, style: `fill: ${colour.ink}`}, name) : null));
    });
  });
  const width = left + numbers.length * cell, height = top + suits.length * cell;
  return svg("svg", {viewBox: `0 0 ${width} ${height}`, width, height, class: "pairs", role: "img",
                     "aria-label": `trump pairs that fit: ${[...fits].join(" ") || "none"}`}, parts);
}

/** The offered cards, each with its expected trick strength as a bar; the pick outlined. */
function drawPick(pick) {
  const strongest = Math.max(...pick.expected.map((entry) => entry.strength), 0.001);
  return el("div", {},
    el("h3", {}, `Pick ${pick.card}`),
    el("div", {class: "offer-drawing"}, pick.expected.map(({card, strength}) =>
      el("div", {class: `offer-card${card === pick.card ? " best" : ""}`, "data-offer": card,
                 "data-best": String(card === pick.card)},
         drawCard(card, 1.3),
         el("div", {style: "width: 48px; background: #eceae4; border-radius: 4px"},
            el("div", {class: "bar", style: `width: ${(strength / strongest * 100).toFixed(1)}%`})),
         el("span", {}, strength.toFixed(3)),
         card === pick.card ? el("strong", {}, "pick") : null))));
}

// ---------------------------------------------------------------------------------------
// The round: hands, trumps, leader, player and task

const round = {seats: [], target: 0, players: SEATS, trumps: {suit: "R", number: 5}, chips: [], panel: null,
               cards: 0, filling: false};

/** Builds the round section: seat zones, the deck picker, the trump chooser and the selects. */
function setupRound() {
  const seats = $("#seats");
  for (let seat = 0; seat < SEATS; seat += 1) {
    const zoneElement = el("div", {class: "zone", id: `seat-${seat + 1}-zone`, "data-seat": seat + 1,
                                   "data-empty": `Tap seat ${seat + 1}'s 9 cards`,
                                   onclick: (event) => { if (event.target === zoneElement) chooseSeat(seat); }});
    const field = el("input", {class: "notation", type: "text", id: `seat-${seat + 1}-field`, autocomplete: "off",
                               spellcheck: "false", "aria-label": `seat ${seat + 1} cards`,
                               placeholder: "R6,G2,B6,..."});
    seats.append(el("div", {class: "seat", "data-seat": seat + 1},
      el("div", {class: "seat-head"}, el("h3", {}, `Seat ${seat + 1}`),
         el("span", {class: "count", "data-count-for": zoneElement.id})),
      zoneElement, field));
    round.seats.push(zone({zoneElement, field, draw: (t) => drawCard(t), max: HAND, onChange: roundChanged}));
  }
  deckPicker($("#round-deck"), pickForSeat);
  setupTrumpChooser();
  $("#players").addEventListener("change", () => setPlayers(Number($("#players").value)));
  $("#deal").addEventListener("click", dealSeeded);
  $("#clear-round").addEventListener("click", () => { round.seats.forEach((seat) => seat.clear()); chooseSeat(0); });
  $("#solve").addEventListener("click", solve);
  $("#choose").addEventListener("click", chooseChip);
  $("#table").addEventListener("click", chipTable);
  round.panel = answerPanel($("#round-answer"));
  $("#leader").addEventListener("change", () => markStale(round.panel));
  for (const id of ["#player", "#task"]) $(id).addEventListener("change", () => markStale(round.panel, ["solve", "choose"]));
  setPlayers(SEATS);
  round.seats.forEach((seat) => seat.clear());
  chooseSeat(0);
}

/** Shows 3 or 4 seats, and the seats the leader and player selects offer. */
function setPlayers(players) {
  round.players = players;
  $("#players").value = String(players);
  document.querySelectorAll(".seat").forEach((block) => { block.hidden = Number(block.dataset.seat) > players; });
  $("#seat-target").replaceChildren(...Array.from({length: players}, (_, seat) =>
    targetOption("seat-target", String(seat), `Seat ${seat + 1}`, seat === round.target,
                 (value) => chooseSeat(Number(value)))));
  for (const id of ["#leader", "#player"]) {
    const select = $(id);
    const kept = Math.min(Number(select.value) || 1, players);
    select.replaceChildren(...Array.from({length: players}, (_, seat) =>
      el("option", {value: seat + 1}, `seat ${seat + 1}`)));
    select.value = String(kept);
  }
  if (round.target >= players) chooseSeat(0);
  roundChanged();
}

/** Makes seat `seat` (from 0) the hand that tapped cards go into. */
function chooseSeat(seat) {
  round.target = seat;
  for (const input of document.querySelectorAll("input[name='seat-target']")) {
    input.checked = Number(input.value) === seat;
  }
  document.querySelectorAll("#seats .zone").forEach((element, index) => {
    element.classList.toggle("active", index === seat);
  });
}

/** A card tapped in the round's deck goes to the chosen seat; a full seat passes on to the
 * next seat with room, and a seat that fills up hands the turn to the next. */
function pickForSeat(token) {
  const open = (seat) => seat < round.players && round.seats[seat].tokens.length < HAND;
  if (!open(round.target)) {
    const next = [...Array(round.players).keys()].find(open);
    if (next === undefined) return;
    chooseSeat(next);
  }
  round.seats[round.target].add(token);
  if (!open(round.target)) {
    const next = [...Array(round.players).keys()].map((k) => (round.target + 1 + k) % round.players).find(open);
    if (next !== undefined) chooseSeat(next);
  }
}

/** Grey out the cards already in a hand; a card added may fix the last hand (fill it in); an
 * answer for other hands is marked stale. */
function roundChanged() {
  const hands = round.seats.slice(0, round.players);
  const cards = hands.reduce((total, seat) => total + seat.tokens.length, 0);
  const added = cards > round.cards;
  round.cards = cards;
  if (added && !round.filling) fillLastHand();
  const used = new Set(round.seats.slice(0, round.players).flatMap((seat) => seat.tokens).map(normal));
  markUsed($("#round-deck"), used);
  markStale(round.panel);
}

/** With 4 players, three full hands fix the fourth: the cards nowhere else are its cards,
 * so they are filled in (with 3 players the Table's nine cards are out of the round, and
 * the hands fix nothing). */
function fillLastHand() {
  if (round.players !== SEATS) return;
  const hands = round.seats.slice(0, round.players);
  const short = hands.filter((seat) => seat.tokens.length < HAND);
  if (short.length !== 1) return;
  const used = new Set(hands.flatMap((seat) => seat.tokens).map(normal));
  const rest = DECK_TOKENS.filter((card) => !used.has(card));
  if (used.size !== hands.reduce((total, seat) => total + seat.tokens.length, 0)) return;  // a card twice or no card
  if (rest.length !== HAND - short[0].tokens.length) return;
  short[0].set([...short[0].tokens, ...rest]);
}

/** The suit and number choosers and the trumps field, kept in step. */
function setupTrumpChooser() {
  $("#suit-choice").replaceChildren(...[...SUITS, null].map((suit) =>
    el("button", {type: "button", class: suit ? `swatch-${suit}` : "", "data-suit": suit || "-",
                  "aria-label": suit ? `trump suit ${COLOURS[suit].name}` : "no trump suit",
                  onclick: () => setTrumps({...round.trumps, suit})}, suit ? COLOURS[suit].name : "none")));
  $("#number-choice").replaceChildren(...[...NUMBERS, null].map((number) =>
    el("button", {type: "button", "data-number": number || "-",
                  "aria-label": number ? `trump number ${number}` : "no trump number",
                  onclick: () => setTrumps({...round.trumps, number})}, number ? number : "none")));
  $("#trumps-field").addEventListener("input", () => {
    const trumps = parseTrumps($("#trumps-field").value);
    $("#trumps-field").classList.toggle("invalid", trumps === null);
    if (trumps) setTrumps(trumps, false);
  });
  setTrumps(round.trumps);
}

/** Sets the trumps: the pressed buttons and (unless it was typed) the field follow. */
function setTrumps(trumps, writeField = true) {
  round.trumps = trumps;
  for (const button of document.querySelectorAll("#suit-choice button")) {
    button.setAttribute("aria-pressed", String(button.dataset.suit === (trumps.suit || "-")));
  }
  for (const button of document.querySelectorAll("#number-choice button")) {
    button.setAttribute("aria-pressed", String(button.dataset.number === String(trumps.number || "-")));
  }
  markStale(round.panel);
  if (writeField) {
    $("#trumps-field").value = trumpsName(trumps);
    $("#trumps-field").classList.remove("invalid");
  }
}

/** The task chooser, filled from `was-sticht chips` (the CLI's chips, with their names). */
function fillTasks(chips) {
  const select = $("#task");
  if (!chips.length) {
    select.replaceChildren(el("option", {value: "exactly-2"}, "exactly-2 (the chip list did not load)"));
    return;
  }
  round.chips = chips;
  select.replaceChildren(...round.chips.map((chip) =>
    el("option", {value: chip.id}, `${chip.id}: ${chip.en} (${chip.value})`)));
  select.value = "exactly-2";
}

/** Asks a command about the round (its deal file), unless the typed trumps do not read as
 * trumps or the hands are not a round: then the panel says so in the page's words and
 * nothing is asked, so that no answer is for a round other than the page shows. */
function askRound(command, options, draw) {
  const typed = $("#trumps-field").value;
  const deal = dealFile();
  const problem = parseTrumps(typed) === null
    ? `bad trumps '${typed}': a suit letter R, B, G or Y (or -) then a number 1 to 9 (or -), as R5, -5, R- or --`
    : handsProblem(round.seats.slice(0, round.players).map((seat) => seat.tokens));
  if (problem) {
    delete round.panel.element.dataset.stale;
    round.panel.refuse(problem);
    return;
  }
  runTool(round.panel, command, {deal, ...options}, (doc, drawing) => draw(doc, drawing, deal));
}

/** What keeps the hands from being a round, in words naming the seat and what is missing; null when nothing does. */
function handsProblem(hands) {
  for (const [index, hand] of hands.entries()) {
    const bad = hand.find((token) => parseCard(token) === null);
    if (bad !== undefined) return `Seat ${index + 1}: '${bad}' is not a card (a colour R, B, G or Y and a number 1 to 9, as R5).`;
  }
  const holder = new Map();
  for (const [index, hand] of hands.entries()) {
    for (const card of hand.map(normal)) {
      if (holder.has(card)) return `${card} is in seat ${holder.get(card)} and in seat ${index + 1}: the deck has one of each.`;
      holder.set(card, index + 1);
    }
  }
  const most = Math.max(...hands.map((hand) => hand.length));
  if (most === 0) return "The hands are empty: tap each seat's cards in from the deck, or deal a seeded round.";
  const fullest = hands.findIndex((hand) => hand.length === most) + 1;
  const short = hands.findIndex((hand) => hand.length < most);
  if (short < 0) return null;
  const missing = most - hands[short].length;
  return `Seat ${short + 1}'s hand is short: ${hands[short].length} cards, ${missing} fewer than seat ${fullest}'s `
    + `${most} (every hand holds as many). Tap the missing card${missing === 1 ? "" : "s"} in from the deck.`;
}

/** The round as the CLI's deal file: the hands, the trumps and the seat that leads. */
function dealFile() {
  return {hands: round.seats.slice(0, round.players).map((seat) => seat.tokens.map(normal)),
          trump: {suit: round.trumps.suit, number: round.trumps.number}, leader: Number($("#leader").value)};
}

/** Fills the builder from a deal file: the hands, the trumps and the leader. */
function fillRound(deal) {
  round.filling = true;  // the hands come whole: none is filled in from the others
  setPlayers(deal.hands.length);
  deal.hands.forEach((hand, seat) => round.seats[seat].set(hand));
  for (let seat = deal.hands.length; seat < SEATS; seat += 1) round.seats[seat].clear();
  round.filling = false;
  setTrumps({suit: deal.trump.suit, number: deal.trump.number});
  $("#leader").value = String(deal.leader);
  chooseSeat(0);
}

/** Asks `was-sticht deal --seed S --players P` and puts its round into the builder. */
function dealSeeded() {
  const seed = $("#seed").value === "" ? null : Number($("#seed").value);
  runTool(round.panel, "deal", {seed, players: round.players}, (doc, drawing) => {
    fillRound(doc);
    drawing.append(el("p", {class: "muted"}, `Seat ${doc.leader} leads, trumps ${trumpsName(doc.trump)}. `
      + "The hands are in the builder above: tap a card there to take it out, tap the deck to put one in."));
  });
}

/** Asks whether the player can force the chosen task, double dummy. */
function solve() {
  askRound("solve", {seat: Number($("#player").value), task: $("#task").value}, drawAnalysis);
}

/** The solve answer drawn: forceable and possible, the tricks the player can make sure of
 * and keep to, and the best card among the hand of the seat to move. */
function drawAnalysis(doc, drawing, deal) {
  const chip = round.chips.find((entry) => entry.id === doc.task);
  drawing.append(
    el("h3", {}, `Seat ${doc.seat}, ${doc.task}${chip ? ` (${chip.en})` : ""}, trumps `
                 + trumpsName(doc.trumps)),
    el("div", {class: "verdicts"},
       el("span", {class: `verdict ${doc.forceable ? "yes" : "no"}`, "data-forceable": String(doc.forceable)},
          `forceable: ${doc.forceable ? "yes" : "no"}`),
       el("span", {class: `verdict ${doc.possible ? "yes" : "no"}`, "data-possible": String(doc.possible)},
          `possible: ${doc.possible ? "yes" : "no"}`)),
    trickRange(doc.most, doc.fewest, deal.hands[0].length));
  if (doc.best_card) {
    const whose = doc.to_move === doc.seat ? "the player's own move" : `seat ${doc.to_move}'s move`;
    drawing.append(el("h3", {}, `Best card for seat ${doc.to_move}: ${doc.best_card} (${whose})`),
                   drawHand(deal.hands[doc.to_move - 1] || [doc.best_card], doc.best_card));
  } else {
    drawing.append(el("p", {class: "muted"}, "The round is over: no card to play."));
  }
}

/** Two rows over 0..tricks: the tricks the player makes sure of (at least `atLeast`) and
 * the tricks the player can keep them to (at most `atMost`). */
function trickRange(atLeast, atMost, tricks) {
  const cell = 26, left = 92, rows = [["at least", (n) => n >= atLeast, "var(--good)"],
                                      ["at most", (n) => n <= atMost, "var(--accent)"]];
  const parts = [];
  for (let n = 0; n <= tricks; n += 1) {
    parts.push(svg("text", {x: left + n * cell + cell / 2, y: 12, "text-anchor": "middle", "font-size": 11,
                            fill: "#5b6474"}, n));
  }
  rows.forEach(([label, inside, colour], row) => {
    const y = 18 + row * cell;
    parts.push(svg("text", {x: left - 6, y: y + cell / 2 + 4, "text-anchor": "end", "font-size": 11, fill: "#1d2330"},
                   `${label} ${row === 0 ? atLeast : atMost}`));
    for (let n = 0; n <= tricks; n += 1) {
      parts.push(svg("rect", {x: left + n * cell + 1, y: y + 1, width: cell - 2, height: cell - 2, rx: 3,
                              style: `fill: ${inside(n) ? colour : "#f1efe9"}`, "data-range": label, "data-tricks": n,
                              "data-inside": String(inside(n))}));
    }
  });
  const width = left + (tricks + 1) * cell, height = 18 + 2 * cell;
  return el("div", {},
    el("p", {class: "muted"}, `Tricks: the player makes sure of at least ${atLeast} and can keep them to at most `
                              + `${atMost}, whatever the others do.`),
    svg("svg", {viewBox: `0 0 ${width} ${height}`, width, height, class: "tricks", role: "img",
                "aria-label": `at least ${atLeast}, at most ${atMost} tricks`}, parts));
}

/** Asks which of the 24 chips the player should attempt, by the solver bot's rule. */
function chooseChip() {
  askRound("choose", {seat: Number($("#player").value)}, drawChoice);
}

/** The choice drawn: its one-line reason, then each chip's chance of being met in random
 * playouts as a bar coloured by its exact verdict, in the rule's order; the choice goes
 * into the task chooser, ready to solve. */
function drawChoice(doc, drawing) {
  const colours = {forceable: "var(--good)", possible: "var(--accent)", impossible: "#c9c6bf"};
  drawing.append(
    el("h3", {"data-choice": doc.choice}, `Seat ${doc.seat}: ${doc.reason}`),
    el("div", {class: "legend"}, el("span", {style: `--c: ${colours.forceable}`}, "forceable"),
       el("span", {style: `--c: ${colours.possible}`}, "possible"),
       el("span", {style: `--c: ${colours.impossible}`}, "impossible")),
    bars(`Met in ${doc.playouts} random playouts (the rule weighs each by its value)`,
         doc.chips.map((chip) => [`${chip.id} (${chip.value})`, chip.chance, colours[chip.verdict]])));
  $("#task").value = doc.choice;
}

/** Asks for every chip's verdict for every seat. */
function chipTable() {
  askRound("table", {}, drawTable);
}

/** The chip table drawn: chips down, seats across, F (forceable) green, p (possible) amber,
 * - (impossible) grey; each cell is a button that chooses its seat and chip for Solve. */
function drawTable(doc, drawing) {
  const seats = doc.chips.length ? doc.chips[0].seats.length : 0;
  const marks = {forceable: ["F", "F"], possible: ["p", "p"], impossible: ["-", "i"]};
  const names = Object.fromEntries(round.chips.map((chip) => [chip.id, chip.en]));
  const head = [el("tr", {}, el("th", {rowspan: 2}, "chip"), el("th", {rowspan: 2}, "value"),
                   el("th", {colspan: seats}, "seat")),
                el("tr", {}, Array.from({length: seats}, (_, seat) =>
                  el("th", {title: seat + 1 === doc.leader ? "leads the first trick" : null},
                     seat + 1 === doc.leader ? `${seat + 1}▸` : String(seat + 1))))];
  const rows = doc.chips.map((chip) => el("tr", {"data-chip": chip.id},
    el("td", {class: `chip ${chip.source}`, title: `${names[chip.id] || chip.id} (${chip.source})`}, chip.id),
    el("td", {}, chip.value),
    chip.seats.map((verdict, seat) => el("td", {class: `cell ${marks[verdict][1]}`, "data-seat": seat + 1,
                                                "data-verdict": verdict, title: `seat ${seat + 1}: ${verdict}`},
      el("button", {type: "button", class: "pick", onclick: () => chooseForSolve(seat + 1, chip.id),
                    "aria-label": `${chip.id}, seat ${seat + 1}: ${verdict}; choose it for Solve`},
         marks[verdict][0])))));
  const forced = Array.from({length: seats}, (_, seat) =>
    doc.chips.filter((chip) => chip.seats[seat] === "forceable").length);
  const foot = el("tr", {}, el("th", {colspan: 2}, "forceable"),
                  forced.map((count, seat) => el("th", {"data-forced": seat + 1}, count)));
  drawing.append(
    el("p", {class: "muted"}, `Trumps ${trumpsName(doc.trumps)}, seat ${doc.leader} leads (▸). `
                              + "Tap a cell to choose that chip and seat, then Solve."),
    el("div", {class: "legend"}, el("span", {style: "--c: var(--good)"}, "F forceable"),
       el("span", {style: "--c: #f6e7b8"}, "p possible"), el("span", {style: "--c: #e4e2dc"}, "- impossible"),
       el("em", {}, "italic: a stand-in chip")),
    el("table", {class: "data chips"}, el("thead", {}, head), el("tbody", {}, rows), el("tfoot", {}, foot)));
}

/** A chip-table cell was tapped: that seat and chip go into the player and task choosers,
 * and the Solve button takes the focus. */
function chooseForSolve(seat, chipId) {
  $("#player").value = String(seat);
  $("#task").value = chipId;
  $("#task").scrollIntoView({block: "center", behavior: "smooth"});
  $("#solve").focus({preventScroll: true});
}

// ---------------------------------------------------------------------------------------
// The board: the game's position (the chip draft, the layout, the card draft, the clues,
// the trumps, the chips chosen and the tricks), followed move by move

const TOOLS = {chips: new Map(), board: null};
/** The task chips by id ({id, value, en, de}), from `was-sticht chips`; the board once built. */

/** The task chips, asked once: the board's labels and the task chooser read them. */
async function loadChips() {
  const answer = await ask(GAME, "chips", {});
  if (!answer.ok) return [];
  for (const chip of answer.view.document.chips) TOOLS.chips.set(chip.id, chip);
  return answer.view.document.chips;
}

/** A chip's name as players read it: "No red cards (2)", or its id when the list did not load. */
function chipWords(id) {
  const chip = TOOLS.chips.get(id);
  return chip ? `${chip.en} (${chip.value})` : id;
}

/** A chip as a pill: its name and corner value; `kind` adds classes (chosen; gone: discarded, its task met). */
function chipPill(id, kind = "") {
  const chip = TOOLS.chips.get(id);
  const gone = kind.split(" ").includes("gone");
  return el("span", {class: `ws-chip ${kind}`.trim(), "data-chip": id, title: gone ? `${id}: discarded, its task met` : id},
    gone ? "✓ " : null, chip ? chip.en : id, chip ? el("span", {class: "value"}, chip.value) : null);
}

/** A small card for the board's picture (24 x 34 px), or the token as text. */
function smallCard(token) {
  return drawCard(token, 0.8) || el("span", {class: "muted"}, token);
}

/** `picture` as a button that plays `move` when `move` is legal now, else as it is: the
 * board's picture takes the table's events and the seat's choices by a tap, as the answer does. */
function tappable(move, picture, show, label) {
  if (!show.legal_moves.includes(move)) return picture;
  return el("button", {type: "button", class: "ws-tap", "data-play": move, "aria-label": label, title: `play ${move}`,
                       onclick: (event) => {
                         for (const button of event.currentTarget.closest(".ws-board").querySelectorAll(".ws-tap")) {
                           button.disabled = true;  // one tap, one move: the picture is drawn again after it
                         }
                         TOOLS.board.play(move);
                       }}, picture);
}

/** The trumps in words, and who knows them: hidden, the dealer's secret, or turned up. */
function trumpsText(trump, shownToAll) {
  if (trump.suit === "?" || trump.number === "?") return "hidden (the dealer's secret)";
  const name = `${suitWords(trump.suit)}, ${numberWords(trump.number)} (${trumpsName(trump)})`;
  return shownToAll ? name : `${name}, the dealer's secret until the draft is over`;
}

/** The seat (from 1) that leads the current trick: the last trick's winner, else the dealer's left. */
function trickLeader(position) {
  const players = position.hands.length;
  return position.tricks.length ? position.tricks.at(-1).winner : (position.dealer % players) + 1;
}

/** The facts above the picture: the round, the dealer, the trumps. */
function boardFacts(position) {
  return el("p", {class: "ws-facts"},
    el("span", {}, `Round ${position.round ?? 1} of at most ${position.round_limit ?? 100}`),
    el("span", {}, `dealer: seat ${position.dealer}`),
    el("span", {"data-trumps": position.trump_shown ? trumpsName(position.trump) : "hidden"},
       `trumps: ${trumpsText(position.trump, position.trump_shown)}`));
}

/** The chips still on the table in the preparation, each a button while it may be taken. */
function boardPool(position, show) {
  if (!position.pool.length) return null;
  return el("div", {},
    el("h3", {}, "Chips on the table"),
    el("div", {class: "ws-pool"}, position.pool.map((id) =>
      tappable(`take ${id}`, chipPill(id), show, `take ${chipWords(id)}`))));
}

/** One column of the layout: its cards top to bottom, the clue's winner outlined. */
function layoutColumn(cards, {winner = null, current = false, gone = []} = {}) {
  return el("div", {class: `ws-column${current ? " current" : ""}`},
    cards.map((card, place) => el("span", {class: [place + 1 === winner ? "win" : "", gone.includes(card) ? "gone" : ""]
      .join(" ").trim() || null, "data-card-place": place + 1}, smallCard(card))));
}

/** The layout: the columns already drafted (their clue's winner outlined), the current
 * column (its cards a tap away), the columns still lying; while the cards are laid out,
 * those laid so far in their places. */
function boardLayout(position, show) {
  if (position.laid && position.laid.length) {
    const columns = Array.from({length: NUMBERS.length}, (_, column) =>
      position.laid.filter((_, index) => index % NUMBERS.length === column));
    return el("div", {},
      el("h3", {}, `Laid out: ${position.laid.length} of 36 cards`),
      el("div", {class: "ws-layout"}, columns.filter((cards) => cards.length).map((cards) => layoutColumn(cards))));
  }
  if (!position.columns.length && !position.taken.length) return null;
  const done = position.clues.map((clue) => layoutColumn(clue.cards, {winner: clue.winner}));
  const [lying = [], ...later] = position.columns;
  const current = el("div", {class: "ws-column current", "aria-label": "the column picked from"},
    position.taken.map((card) => el("span", {class: "gone", title: "taken"}, smallCard(card))),
    lying.map((card) => show.legal_moves.includes(card) ? tappable(card, drawCard(card), show, `pick ${card}`) : smallCard(card)));
  return el("div", {},
    el("h3", {}, `The layout: column ${position.clues.length + 1} is picked from`),
    el("div", {class: "ws-layout"}, done, current, later.map((cards) => layoutColumn(cards))));
}

/** While a seat picks from the column, what the clues so far tell the players who do not
 * know the trumps (`deduce`, asked by itself): the trump pairs that still fit and the card
 * of the highest expected trick strength among those lying; null in any other phase. */
function draftHint(position, show) {
  const lying = position.columns[0] || [];
  if (!show.to_move || !lying.length || !show.legal_moves.every((move) => lying.includes(move))) return null;
  const hint = el("p", {class: "ws-hint", id: "ws-draft-hint", "aria-live": "polite"}, "Reading the clues…");
  ask(GAME, "deduce", {clues: {observations: position.clues}, offer: lying.join(",")}).then((answer) => {
    if (!answer.ok) {
      hint.textContent = `The clues could not be read: ${answer.error}`;
      return;
    }
    const {consistent, pick} = answer.view.document;
    fill(hint, `The clues so far leave ${consistent.length} of 50 trump pairs`,
         pick ? [" for those who do not know them; the strongest pick: ", smallCard(pick.card), ` ${pick.card}`] : null);
  });
  return hint;
}

/** The trick on the table (each card with its seat), or the last trick and its winner. */
function boardTrick(position) {
  const players = position.hands.length;
  if (position.trick.length) {
    const leader = trickLeader(position);
    return el("div", {},
      el("h3", {}, `Trick ${position.tricks.length + 1}`),
      el("div", {class: "ws-cards ws-trick"}, position.trick.map((card, index) =>
        el("span", {class: "ws-played"}, smallCard(card), el("small", {}, `seat ${((leader - 1 + index) % players) + 1}`)))));
  }
  if (!position.tricks.length) return null;
  const last = position.tricks.at(-1);
  return el("div", {},
    el("h3", {}, `Trick ${position.tricks.length}: won by seat ${last.winner}`),
    el("div", {class: "ws-cards ws-trick"}, last.cards.map((card, index) =>
      el("span", {class: "ws-played"}, smallCard(card), el("small", {}, `seat ${((last.leader - 1 + index) % players) + 1}`)))));
}

/** One seat: its chips (the chosen one marked), its cards (a tap plays one when it is the
 * seat's turn), the tricks it won and the chips it discarded. */
function boardSeat(position, show, seat) {
  const index = seat - 1;
  const moving = show.to_move === seat;
  const chosen = position.chosen[index];
  const discarded = position.discarded[index] || [];  // this round's, still among the chips held
  const kind = (id) => [id === chosen ? "chosen" : "", discarded.includes(id) ? "gone" : ""].join(" ").trim();
  const won = position.tricks.filter((trick) => trick.winner === seat).length;
  const roles = [seat === position.dealer ? "dealer" : null, moving ? "to move" : null].filter(Boolean);
  return el("div", {class: `ws-seat${moving ? " moving" : ""}`, "data-seat": seat},
    el("div", {class: "ws-seat-head"}, el("strong", {}, `Seat ${seat}${roles.length ? ` (${roles.join(", ")})` : ""}`),
       el("span", {class: "muted"}, `${won} trick${won === 1 ? "" : "s"} · score ${show.scores[index]?.score ?? 0}`)),
    el("div", {class: "ws-cards"}, position.chips[index].map((id) => chipPill(id, kind(id))),
       chosen === "?" ? el("span", {class: "ws-chip hidden"}, "chosen: hidden") : null,
       (position.discarded_before?.[index] || []).map((id) => chipPill(id, "gone"))),
    el("div", {class: "ws-cards ws-hand"}, position.hands[index].length
      ? position.hands[index].map((card) => tappable(card, drawCard(card), show, `play ${card}`))
      : el("span", {class: "muted"}, "no cards")));
}

/** The position on the board: the facts, what the clues tell, the chips on the table, the layout, the trick, each seat. */
function drawBoard(position, container, {show}) {
  const seats = position.hands.map((_, index) => boardSeat(position, show, index + 1));
  fill(container, el("div", {class: "ws-board"},
    boardFacts(position), draftHint(position, show), boardPool(position, show), boardLayout(position, show),
    boardTrick(position),
    el("div", {class: "ws-seats"}, seats)));
}

/** A move in words and pictures: a chip by its name, a card by its picture, a clue by the
 * card it names. The notation stays the move's `data-move`. */
function moveLabel(move, position) {
  const [verb, what] = move.includes(" ") ? [move.slice(0, move.indexOf(" ")), move.slice(move.indexOf(" ") + 1)] : ["", move];
  if (["take", "choose", "discard"].includes(verb)) return el("span", {class: "ws-move"}, `${verb}: ${chipWords(what)}`);
  if (verb === "clue") {
    const card = position.taken[Number(what) - 1];
    return el("span", {class: "ws-move"}, `clue: place ${what} wins`, card ? smallCard(card) : null);
  }
  if (verb === "show") {
    return el("span", {class: "ws-move"}, `turn up: ${what.split(",").map((entry) => {
      const [seat, id] = entry.split(":");
      return `seat ${seat} ${chipWords(id)}`;
    }).join("; ")}`);
  }
  if (verb === "trumps" || verb === "draw") {
    const trumps = parseTrumps(what);
    const words = trumps ? `${suitWords(trumps.suit)}, ${numberWords(trumps.number)}` : what;
    return el("span", {class: "ws-move"}, `${verb === "draw" ? "next round's trumps" : "trumps"}: ${words}`);
  }
  const card = parseCard(what);
  if (card) return el("span", {class: "ws-move"}, drawCard(what, 0.8), verb ? `${verb} ${what}` : what);
  return move;
}

// ---------------------------------------------------------------------------------------
// Entering the round on your table: the seats, the dealer, the trumps if you know them,
// each seat's chips and, once the draft is over, each seat's cards; the board then takes
// the layout (when no cards are entered), the picks and the tricks tap by tap

const CHIPS_EACH = 5;
const table = {players: SEATS, target: 0, chips: [[], [], [], []], hands: [[], [], [], []], parts: null};

/** A select of `choices` ([value, text]) with `value` chosen. */
function select(id, choices, value) {
  return el("select", {id}, choices.map(([option, text]) =>
    el("option", {value: option, selected: String(option) === String(value) || null}, text)));
}

/** The trump choices: hidden, then the 50 pairs. */
function trumpChoices() {
  const pairs = [...SUITS, null].flatMap((suit) => [...NUMBERS, null].map((number) => {
    const trumps = {suit, number};
    return [trumpsName(trumps), `${suitWords(suit)}, ${numberWords(number)}`];
  }));
  return [["?", "hidden (I am not the dealer)"], ...pairs];
}

/** The editor: an element for the board (`load` puts the position it builds on the board). */
function tableEditor({load}) {
  const parts = {
    players: select("table-players", [[4, "4 players"], [3, "3 players"]], SEATS),
    dealer: select("table-dealer", [1, 2, 3, 4].map((seat) => [seat, `seat ${seat}`]), SEATS),
    round: el("input", {type: "number", id: "table-round", min: 1, max: 1000, value: 1}),
    limit: el("input", {type: "number", id: "table-limit", min: 1, max: 1000, value: 100}),
    trumps: select("table-trumps", trumpChoices(), "?"),
    targets: el("div", {class: "target", role: "radiogroup", "aria-label": "Tap chips and cards into"}),
    held: el("div", {class: "ws-held"}),
    chips: el("div", {class: "ws-pool", id: "table-chips"}),
    deck: el("div", {class: "ws-deck", id: "table-deck"}),
    note: el("p", {class: "error", id: "table-note", "aria-live": "polite"}),
  };
  table.parts = parts;
  parts.players.addEventListener("change", () => {
    table.players = Number(parts.players.value);
    table.target = Math.min(table.target, table.players - 1);
    if (Number(parts.dealer.value) > table.players) parts.dealer.value = String(table.players);
    drawTableEditor();
  });
  deckPicker(parts.deck, giveCard);
  const use = el("button", {type: "button", class: "primary", id: "table-use", onclick: () => {
    const problem = tableProblem(Number(parts.round.value), Number(parts.limit.value));
    parts.note.textContent = problem || "";
    if (problem) return;
    load(tablePosition());
    use.closest("details").open = false;
  }}, "Start this round on the board");
  const details = el("details", {class: "board-tool", id: "table-editor"},
    el("summary", {}, "Enter the round on your table"),
    el("p", {class: "help"}, "The players, the dealer, the trumps if you are the dealer, and the task chips each "
      + "seat holds: tap a seat, then its chips. Once the draft is over, tap each seat's cards too; without them the "
      + "board takes the cards as they are laid out and picked. Then tap each card played."),
    el("div", {class: "fields"}, el("label", {}, "Players", parts.players), el("label", {}, "Dealer", parts.dealer),
       el("label", {}, "Round", parts.round), el("label", {}, "Last round", parts.limit),
       el("label", {class: "wide"}, "Trumps", parts.trumps)),
    parts.targets, parts.held,
    el("h3", {}, "Task chips"), parts.chips,
    el("h3", {}, "Cards, once the draft is over"), parts.deck,
    parts.note, el("div", {class: "commands"}, use));
  drawTableEditor();
  return details;
}

/** `item` goes to the chosen seat's `lists` entry, up to `most` (`what` names them when it is
 * full, and nothing is added); true when it went. */
function giveToSeat(lists, item, most, what) {
  const own = lists[table.target];
  if (own.length >= most) {
    table.parts.note.textContent = `Seat ${table.target + 1} holds ${most} ${what} already: tap another seat.`;
    return false;
  }
  own.push(item);
  table.parts.note.textContent = "";
  return true;
}

/** A card tapped in the editor's deck goes to the chosen seat's hand; with 4 players, three
 * full hands fill in the fourth with the cards left. */
function giveCard(token) {
  if (!giveToSeat(table.hands, token, HAND, "cards")) return;
  const hands = table.hands.slice(0, table.players);
  const short = hands.filter((own) => own.length < HAND);
  if (table.players === SEATS && short.length === 1) {
    const used = new Set(hands.flat());
    short[0].push(...DECK_TOKENS.filter((card) => !used.has(card)));
  }
  drawTableEditor();
}

/** A row of pills that take a chip or a card back out of a seat by a tap. */
function heldPills(seat, list, words, drawn) {
  return list.map((item) => el("button", {type: "button", class: drawn ? "card-button" : "ws-chip", "data-held": item,
    "aria-label": `take ${words(item)} back from seat ${seat + 1}`, onclick: () => {
      list.splice(list.indexOf(item), 1);
      drawTableEditor();
    }}, drawn ? drawCard(item, 0.8) : words(item)));
}

/** The editor drawn: the seat choice, each seat's chips and cards (a tap takes one back), the chips and cards left. */
function drawTableEditor() {
  const parts = table.parts;
  for (const option of parts.dealer.options) option.disabled = Number(option.value) > table.players;
  const focused = [...parts.chips.children].indexOf(document.activeElement);
  fill(parts.targets, Array.from({length: table.players}, (_, seat) =>
    targetOption("table-target", String(seat), `Seat ${seat + 1}`, seat === table.target, (value) => {
      table.target = Number(value);
      drawTableEditor();
    })));
  fill(parts.held, Array.from({length: table.players}, (_, seat) =>
    el("div", {class: `ws-held-seat${seat === table.target ? " active" : ""}`, "data-seat": seat + 1},
      el("strong", {}, `Seat ${seat + 1}: `),
      table.chips[seat].length ? heldPills(seat, table.chips[seat], chipWords, false) : el("span", {class: "muted"}, "no chips"),
      heldPills(seat, table.hands[seat], (card) => card, true))));
  const taken = new Set(table.chips.slice(0, table.players).flat());
  fill(parts.chips, [...TOOLS.chips.values()].map((chip) =>
    el("button", {type: "button", class: "ws-chip", "data-chip": chip.id, disabled: taken.has(chip.id) || null,
                  "aria-label": `give seat ${table.target + 1} ${chip.en}`, onclick: () => giveChip(chip.id)},
       chip.en, el("span", {class: "value"}, chip.value))));
  if (focused >= 0) keepFocus(parts.chips, focused);
  markUsed(parts.deck, new Set(table.hands.slice(0, table.players).flat()));
}

/** A chip tapped goes to the chosen seat, up to its 5. */
function giveChip(id) {
  if (giveToSeat(table.chips, id, CHIPS_EACH, "chips")) drawTableEditor();
}

/** What keeps the table's round from being a position, in words; null when nothing does. */
function tableProblem(round, limit) {
  const seats = table.chips.slice(0, table.players);
  const empty = seats.findIndex((own) => own.length === 0);
  if (empty >= 0) return `Seat ${empty + 1} holds no chip: tap a seat, then the 1 to ${CHIPS_EACH} chips it holds.`;
  const hands = table.hands.slice(0, table.players);
  const short = hands.findIndex((hand) => hand.length < HAND);
  if (hands.some((hand) => hand.length) && short >= 0) {
    return `Seat ${short + 1} holds ${hands[short].length} of its ${HAND} cards: tap the ${HAND - hands[short].length} `
      + "missing, or take every card out to lay the cards out on the board.";
  }
  if (!(round >= 1 && limit >= round)) return `Round ${round} is not a round 1 to the last round (${limit}).`;
  return null;
}

/** The position document of the table's round: before its layout, or with the cards
 * entered after its draft (the trumps then to be turned up, or, known, the chips chosen). */
function tablePosition() {
  const parts = table.parts;
  const players = table.players;
  const dealer = Number(parts.dealer.value);
  const seats = Array.from({length: players}, () => []);
  const pair = parseTrumps(parts.trumps.value);
  const drafted = table.hands[0].length > 0;
  const shown = drafted && pair !== null;
  return {
    game: "was_sticht", to_move: shown ? (dealer % players) + 1 : 0, history: [], dealer, pool: [],
    chips: table.chips.slice(0, players).map((own) => [...own]),
    trump: pair ? {suit: pair.suit, number: pair.number} : {suit: "?", number: "?"}, trump_shown: shown,
    columns: [], taken: [], clues: [], hands: table.hands.slice(0, players).map((hand) => [...hand]),
    chosen: seats.map(() => null), chips_shown: false, trick: [], tricks: [], discarded: seats.map(() => []),
    round: Number(parts.round.value), round_limit: Number(parts.limit.value), seed: "?", laid: [],
    discarded_before: seats.map(() => []),
  };
}

// ---------------------------------------------------------------------------------------

/** Put the page together: the board first (once the chips' names are known), the questions below it. */
async function start() {
  document.getElementById("header").replaceWith(header(GAME));
  setupDraft();
  setupRound();
  const chips = await loadChips();
  fillTasks(chips);
  TOOLS.board = board(GAME, {
    draw: drawBoard,
    moveLabel,
    deal: [{name: "players", label: "Players", choices: [4, 3], value: 4, numeric: true},
           {name: "rounds", label: "Rounds at most", min: 1, max: 1000, value: 100}],
    effort: [{name: "time_limit", label: "Seconds at most", min: 1, max: 600, value: 10},
             {name: "playouts", label: "Playouts per chip (the chip choice)", min: 1, max: 10000, value: 64}],
    editor: tableEditor,
  });
}

start();
