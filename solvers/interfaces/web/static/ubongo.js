// The Ubongo page: the board follows one player's round (the game's State: the hand, the
// cards laid, the call), every option valued after each move. Below it, more questions:
// build a hand by tapping faces (from the deck, narrowed by symbol, or symbol by symbol),
// lay cards on the table, and ask the server to verify, solve or hint. Every layout is the
// server's own picture of it (`ubongo render --svg`: cells by symbol, card outlines,
// contacts), sent with the answer, so an answer is drawn when it says it is done; the page
// draws single faces only, turned as a card on the table turns.

import {board} from "/static/board.js";
import {answerPanel, ask, el, fill, header, picker, svg, svgFromText, zone} from "/static/cardsolve.js";

const GAME = "ubongo";
const SYMBOLS = "ABCDEFGHIJKL";
/** The colour of each symbol: the same as the server's pictures (models/ubongo/picture.py PALETTE). */
const PALETTE = {
  A: "#f07070", B: "#f5a34a", C: "#f2e35a", D: "#a6d854", E: "#4fbf6f", F: "#7fd8d0",
  G: "#6fb3f0", H: "#a7a9f5", I: "#c88de8", J: "#f29ccf", K: "#c8a27a", L: "#bdbdbd",
};
const ROTATIONS = [0, 90, 180, 270];
const CELL = 40;            // a cell of the board's grid, in its units
const FREE = 3;             // free cells around the laid cards on the board's grid
const EMPTY_GRID = {left: 0, top: 0, columns: 9, rows: 6};  // the board's grid before a card is laid
const BOARD_CELL_PX = 44;   // a board cell on screen: a tap target (WCAG 2.5.5)
const LITERAL = /^[A-La-l]{3}\/[A-La-l]{3}$/;

const state = {
  deck: new Map(),   // face name (61w) -> {name, grid, side, round}
  round: 1,          // the deck picker's round (the number in the card's middle)
  table: [],         // the laid cards: {card, rotation, x, y}
  selected: null,    // the hand face chosen to lay
  rotation: 0,       // its rotation
  built: Array(6).fill(""),  // the face builder's six symbols
  cursor: 0,         // the builder's chosen cell
  spot: {x: 0, y: 0},  // the board's keyboard cursor: the cell Enter lays the chosen face at
  filter: new Set(),   // the symbols the deck picker's faces must show
  asked: null,         // the question the answer panel shows: {command, key (its options as JSON)}
};

/** The element with this id. */
const $ = (id) => document.getElementById(id);
let hand;
let answer;

// ---------------------------------------------------------------- faces and their pictures

/** The face a token names: a deck face from the deck list, or a literal face; null if neither. */
function faceOf(token) {
  const text = String(token).trim();
  if (LITERAL.test(text)) return {name: text.toUpperCase(), grid: text.toUpperCase().split("/"), side: "own"};
  return state.deck.get(text.toLowerCase()) || null;
}

/** A card face drawn: its cells coloured by symbol with the letters, framed white, black or
 * grey (a face of your own), with its deck name underneath; turned `rotation` degrees
 * clockwise, the picture of the face is turned as the card is (its letters kept upright). */
function faceSvg(face, {rotation = 0, cell = 16, caption = true} = {}) {
  const grid = face.grid;
  const pad = 3;
  const label = caption && face.side !== "own" ? face.name : "";
  const captionHeight = label ? Math.round(cell * 0.85) : 0;
  const [across, down] = [grid[0].length * cell, grid.length * cell];
  const [cardWidth, cardHeight] = rotation % 180 ? [down, across] : [across, down];
  const width = cardWidth + 2 * pad;
  const height = cardHeight + 2 * pad + captionHeight;
  const dark = face.side === "black";
  const root = svg("svg", {width, height, viewBox: `0 0 ${width} ${height}`, class: "face", role: "img",
                           "aria-label": `${face.name}${rotation ? ` turned ${rotation}°` : ""}: ${face.grid.join("/")}`},
                   svg("rect", {x: 0.5, y: 0.5, width: width - 1, height: height - 1, rx: 4,
                                fill: dark ? "#222" : face.side === "own" ? "#eceae4" : "#fff",
                                stroke: dark ? "#222" : "#9b968a"}));
  const turned = svg("g", {transform: `translate(${pad + cardWidth / 2} ${pad + cardHeight / 2}) rotate(${rotation}) ` +
                                     `translate(${-across / 2} ${-down / 2})`});
  grid.forEach((row, r) => [...row].forEach((symbol, c) => {
    const x = c * cell;
    const y = r * cell;
    turned.append(svg("rect", {x, y, width: cell, height: cell, fill: PALETTE[symbol] || "#fff",
                               stroke: "rgba(0,0,0,.18)", "stroke-width": 0.8}),
                  svg("text", {x: x + cell / 2, y: y + cell / 2, "text-anchor": "middle", "dominant-baseline": "central",
                               "font-size": cell * 0.58, "font-weight": 700, "font-family": "sans-serif", fill: "#222",
                               transform: `rotate(${-rotation} ${x + cell / 2} ${y + cell / 2})`}, symbol));
  }));
  root.append(turned);
  if (label) {
    root.append(svg("text", {x: width / 2, y: height - pad - captionHeight / 2 + 1, "text-anchor": "middle",
                             "dominant-baseline": "central", "font-size": captionHeight * 0.8,
                             "font-family": "sans-serif", fill: dark ? "#fff" : "#444"}, label));
  }
  return root;
}

/** A hand token drawn, or null (shown as text, marked) when it names no face. */
function drawToken(token, options = {}) {
  const face = faceOf(token);
  return face ? faceSvg(face, options) : null;
}

// ---------------------------------------------------------------- the hand: deck picker, deal, builder

/** Load the deck's faces (`ubongo cards`) and show the picker; the hand redraws with them. */
async function loadDeck() {
  const result = await ask(GAME, "deck", {});
  if (!result.ok) {
    $("deck-picker").replaceChildren(el("p", {class: "status error"}, `The deck did not load: ${result.error}`));
    return;
  }
  for (const face of result.view.document.faces) {
    state.deck.set(face.face, {name: face.face, grid: face.grid.split("/"), side: face.side, round: face.round});
  }
  showRound(state.round);
  hand.set(hand.tokens);
}

/** The round tabs: one per number in a card's middle, naming its stack and side. */
function drawRoundTabs() {
  $("rounds").replaceChildren(...[1, 2, 3, 4, 5, 6].map((round) => {
    const stack = Math.ceil(round / 2);
    return el("button", {type: "button", "data-round": round, "aria-pressed": String(round === state.round),
                         title: `stack ${2 * stack - 1}|${2 * stack}, ${round % 2 ? "white" : "black"} side`,
                         onclick: () => showRound(round)},
              String(round), el("small", {}, `${2 * stack - 1}|${2 * stack} ${round % 2 ? "white" : "black"}`));
  }));
}

/** Whether `face` shows every symbol of the deck filter. */
function passesFilter(face) {
  const shown = face.grid.join("");
  return [...state.filter].every((symbol) => shown.includes(symbol));
}

/** Show round `round`'s 36 faces in the deck picker, only those with the filter's symbols;
 * the deal deals from the same round. */
function showRound(round) {
  state.round = round;
  drawRoundTabs();
  const tokens = [...state.deck.values()].filter((face) => face.round === round && passesFilter(face))
    .map((face) => face.name);
  picker($("deck-picker"), tokens, (token) => drawToken(token, {cell: 18}), pickFromDeck);
  if (!tokens.length) {
    $("deck-picker").replaceChildren(el("p", {class: "muted"},
      `No face of round ${round} shows all of ${[...state.filter].join(", ")}: tap a symbol again to drop it.`));
  }
  $("deal").textContent = `Deal 9 cards of round ${round}`;
  markChosen();
}

/** The deck filter: the twelve symbols, each tapped on or off, and a button to show every face again. */
function drawDeckFilter() {
  $("deck-filter").replaceChildren(...[...SYMBOLS].map((symbol) =>
    el("button", {type: "button", "data-filter": symbol, "aria-pressed": String(state.filter.has(symbol)),
                  "aria-label": `only faces with symbol ${symbol}`, style: `background:${PALETTE[symbol]}`,
                  onclick: () => {
                    if (state.filter.has(symbol)) state.filter.delete(symbol);
                    else state.filter.add(symbol);
                    drawDeckFilter();
                    showRound(state.round);
                  }}, symbol)),
  el("button", {type: "button", "data-filter": "", "aria-label": "every face", title: "every face",
                disabled: state.filter.size === 0 || null,
                onclick: () => { state.filter.clear(); drawDeckFilter(); showRound(state.round); }}, "All"));
}

/** Tapping a deck face adds it to the hand, or takes it out when it is there already. */
function pickFromDeck(token) {
  const tokens = hand.tokens;
  if (state.table.some((placed) => placed.card === token)) {
    note("deal-note", `${token} lies on the table: take it back there first.`, true);
  } else if (tokens.includes(token)) {
    tokens.splice(tokens.indexOf(token), 1);
    hand.set(tokens);
  } else {
    hand.add(token);
  }
}

/** Dim the deck faces already in the hand or on the table. */
function markChosen() {
  const used = new Set([...hand.tokens.map((token) => token.toLowerCase()), ...state.table.map((placed) => placed.card)]);
  for (const button of $("deck-picker").querySelectorAll("[data-pick]")) {
    const chosen = used.has(button.dataset.pick);
    button.classList.toggle("chosen", chosen);
    button.setAttribute("aria-label", `${chosen ? "remove" : "add"} ${button.dataset.pick}`);
  }
}

/** Deal a seeded hand of the picker's round (`ubongo deal --round R --seed S`): it replaces the
 * hand and clears the table. */
async function dealHand() {
  const seed = $("seed").value || "0";
  const button = $("deal");
  button.disabled = true;
  const result = await ask(GAME, "deal", {round: state.round, seed});
  button.disabled = false;
  if (!result.ok) {
    note("deal-note", result.error, true);
    return;
  }
  state.table = [];
  tableChanged();
  hand.set(result.view.document.hands[0].map((face) => face.face));
  note("deal-note", `Dealt: ${result.view.line}`);
}

/** A short message under a control; `error` colours it. */
function note(id, text, error = false) {
  $(id).textContent = text;
  $(id).classList.toggle("error", error);
}

/** The face builder: six cells to fill with symbols, and the twelve symbol buttons. */
function drawBuilder() {
  $("builder").replaceChildren(...state.built.map((symbol, index) =>
    el("button", {type: "button", class: "cell", "data-cell": index, "aria-pressed": String(index === state.cursor),
                  "aria-label": `cell ${index + 1}: ${symbol || "empty"}`,
                  style: `background:${symbol ? PALETTE[symbol] : "#fff"}`,
                  onclick: () => { state.cursor = index; drawBuilder(); }}, symbol || "·")));
  const complete = state.built.every((symbol) => symbol);
  $("add-face").disabled = !complete;
  $("face-notation").textContent = complete ? builtFace() : "";
}

/** The built face in the notation: its two rows, "ABC/DEF". */
function builtFace() {
  return `${state.built.slice(0, 3).join("")}/${state.built.slice(3).join("")}`;
}

/** The symbol palette: tapping one fills the chosen cell and moves on to the next. */
function drawSymbols() {
  $("symbols").replaceChildren(...[...SYMBOLS].map((symbol) =>
    el("button", {type: "button", "data-symbol": symbol, "aria-label": `symbol ${symbol}`,
                  style: `background:${PALETTE[symbol]}`, onclick: () => {
                    state.built[state.cursor] = symbol;
                    state.cursor = (state.cursor + 1) % 6;
                    drawBuilder();
                  }}, symbol)));
}

/** Put the built face into the hand and start a new one. */
function addBuiltFace() {
  hand.add(builtFace());
  clearBuilder();
}

/** Empty the face builder. */
function clearBuilder() {
  state.built = Array(6).fill("");
  state.cursor = 0;
  drawBuilder();
}

// ---------------------------------------------------------------- the table

/** Every card of the player: those in hand and those on the table. */
function allCards() {
  return [...hand.tokens, ...state.table.map((placed) => placed.card)];
}

/** `tokens` without one copy of each of `removed` (literal faces may repeat). */
function without(tokens, removed) {
  const left = [...tokens];
  for (const token of removed) {
    const index = left.findIndex((other) => other.toLowerCase() === token.toLowerCase());
    if (index >= 0) left.splice(index, 1);
  }
  return left;
}

/** The grid of the board: the cells the server's picture of the laid cards covers
 * (`data-left`, `data-top`, `data-columns`, `data-rows` on its root) and FREE cells round
 * them; a fixed grid from (0, 0) while no card is laid. */
function gridAround(picture) {
  if (!picture) return EMPTY_GRID;
  const at = (name) => Number(picture.getAttribute(`data-${name}`));
  return {left: at("left") - FREE, top: at("top") - FREE, columns: at("columns") + 2 * FREE, rows: at("rows") + 2 * FREE};
}

/** The table changed: redraw the list of laid cards, the layout file, the board and the
 * picker; an answer asked before is marked as belonging to other cards. `laid`: the number
 * (from 1) of a card just laid, to warn about at once if it covers another's cell. */
function tableChanged({fromField = false, laid = null} = {}) {
  markStale();
  $("table-count").textContent = `${state.table.length} card${state.table.length === 1 ? "" : "s"}`;
  $("table-zone").replaceChildren(...state.table.map((placed, index) => {
    const face = faceOf(placed.card);
    return el("button", {type: "button", class: `card-button${face ? "" : " invalid"}`, "data-token": placed.card,
                         "aria-label": `take back ${placed.card}`, title: `${placed.card}: tap to take it back`,
                         onclick: () => takeBack(index)},
              el("span", {class: "laid"}, face ? faceSvg(face, {rotation: placed.rotation, cell: 16}) : placed.card,
                 `(${placed.x}, ${placed.y}) ${placed.rotation}°`));
  }));
  if (!fromField) $("table-field").value = JSON.stringify({cards: state.table}, null, 1);
  checkTable(laid);
  markChosen();
}

/** Take laid card `index` back into the hand. */
function takeBack(index) {
  const [placed] = state.table.splice(index, 1);
  tableChanged();
  hand.add(placed.card);
}

/** Lay the chosen hand face, turned as chosen, with its top-left cell at (x, y). */
function layAt(x, y) {
  if (!state.selected) {
    note("board-note", "First tap a face of your hand (step 1).", true);
    return;
  }
  state.table.push({card: state.selected, rotation: state.rotation, x, y});
  const laid = state.selected;
  state.selected = null;
  hand.set(without(hand.tokens, [laid]));
  note("board-note", `Laid ${laid} turned ${state.rotation}° at (${x}, ${y}).`);
  tableChanged({laid: state.table.length});
}

/** Ask `ubongo check` of the table as it lies: draw the board with the server's picture of
 * it, and when card `laid` (from 1), just laid, covers a cell another card covers, say so at
 * once (the rulebook allows no cell covered twice). An answer for a table changed since is
 * dropped. */
async function checkTable(laid) {
  const table = state.table;
  const asked = JSON.stringify(table);
  if (!table.length) {
    drawBoard(null);
    return;
  }
  const result = await ask(GAME, "check", {layout: {cards: table}});
  if (JSON.stringify(state.table) !== asked) return;
  if (!result.ok) {
    note("board-note", `The table cannot be drawn: ${result.error.replace(/^error: /, "")}`, true);
    return;
  }
  drawBoard(svgFromText(result.view.pictures.layout));
  const overlap = laid === null ? null : result.view.document.violations.find(
    (found) => found.kind === "overlap" && found.cards.includes(laid));
  if (overlap) note("board-note", `${overlap.detail}. Tap the card in the list below to take it back.`, true);
}

/** Make `cards` the table; the cards come out of the hand (those laid before go back into it). */
function setTable(cards, {fromField = false} = {}) {
  const everything = allCards();
  state.table = cards.map(({card, rotation, x, y}) => ({card, rotation, x, y}));
  hand.set(without(everything, state.table.map((placed) => String(placed.card))));
  tableChanged({fromField});
}

/** The layout file typed in the text field becomes the table when it reads as one (its cards
 * come out of the hand, as if laid by tapping). */
function readTableField() {
  try {
    const data = JSON.parse($("table-field").value || "{\"cards\": []}");
    if (!data || !Array.isArray(data.cards)) throw new Error("a layout is {\"cards\": [...]}");
    setTable(data.cards, {fromField: true});
    note("board-note", "");
  } catch (error) {
    note("board-note", `The layout file does not read: ${error.message}`, true);
  }
}

/** The hand faces to lay (step 1) and the chosen one's four turns (step 2). */
function drawLayControls() {
  const tokens = hand.tokens.filter((token) => faceOf(token));
  if (state.selected && !tokens.includes(state.selected)) state.selected = null;
  picker($("lay-hand"), tokens, (token) => drawToken(token, {cell: 16}), (token) => {
    state.selected = token;
    drawLayControls();
    note("board-note", `Now turn ${token} if needed and tap the cell for its top-left corner.`);
  });
  for (const button of $("lay-hand").querySelectorAll("[data-pick]")) {
    button.setAttribute("aria-pressed", String(button.dataset.pick === state.selected));
    button.setAttribute("aria-label", `lay ${button.dataset.pick}`);
  }
  if (!tokens.length) $("lay-hand").replaceChildren(el("span", {class: "muted"}, "The hand is empty."));
  const face = state.selected && faceOf(state.selected);
  if (!face) {
    $("rotations").replaceChildren(el("span", {class: "muted"}, "Choose a face first."));
    return;
  }
  $("rotations").replaceChildren(...ROTATIONS.map((rotation) =>
    el("button", {type: "button", class: "card-button", "data-rotation": rotation,
                  "aria-pressed": String(rotation === state.rotation), "aria-label": `turn ${rotation} degrees`,
                  title: `${rotation}°`, onclick: () => { state.rotation = rotation; drawLayControls(); }},
       faceSvg(face, {rotation, cell: 20}))));
}

/** The board: the server's picture of the table (`picture`, null while none is laid) on a
 * grid with FREE cells around it; each cell is a tap target for the top-left corner of the
 * card to lay. */
function drawBoard(picture) {
  const {left, top, columns, rows} = gridAround(picture);
  const board = svg("svg", {viewBox: `0 0 ${columns * CELL} ${rows * CELL}`, width: columns * BOARD_CELL_PX,
                            height: rows * BOARD_CELL_PX, role: "application", tabindex: 0,
                            "aria-label": "the table: arrow keys move to a cell, Enter lays the chosen face there"});
  if (picture) {
    // the picture's first cell (data-x0, data-y0 in its own units of data-cell) onto the grid's
    const scale = CELL / Number(picture.getAttribute("data-cell"));
    const at = (name) => Number(picture.getAttribute(name));
    picture.setAttribute("x", (at("data-left") - left) * CELL - at("data-x0") * scale);
    picture.setAttribute("y", (at("data-top") - top) * CELL - at("data-y0") * scale);
    picture.setAttribute("width", at("width") * scale);
    picture.setAttribute("height", at("height") * scale);
    board.append(picture);
  }
  const ghost = svg("rect", {class: "ghost", visibility: "hidden"});
  for (let y = top; y < top + rows; y += 1) {
    for (let x = left; x < left + columns; x += 1) {
      board.append(svg("rect", {class: "cell", x: (x - left) * CELL, y: (y - top) * CELL, width: CELL, height: CELL,
                                "data-x": x, "data-y": y}, svg("title", {}, `(${x}, ${y})`)));
    }
  }
  board.append(ghost);
  const within = (value, low, count) => Math.min(low + count - 1, Math.max(low, value));
  state.spot = {x: within(state.spot.x, left, columns), y: within(state.spot.y, top, rows)};
  const showSpot = () => showGhost(ghost, state.spot.x, state.spot.y, left, top);
  board.addEventListener("click", (event) => {
    const cell = event.target.closest("rect.cell");
    if (cell) layAt(Number(cell.dataset.x), Number(cell.dataset.y));
  });
  board.addEventListener("pointerover", (event) => {
    const cell = event.target.closest && event.target.closest("rect.cell");
    if (cell) showGhost(ghost, Number(cell.dataset.x), Number(cell.dataset.y), left, top);
  });
  board.addEventListener("pointerleave", () => ghost.setAttribute("visibility", "hidden"));
  board.addEventListener("focus", showSpot);
  board.addEventListener("blur", () => ghost.setAttribute("visibility", "hidden"));
  board.addEventListener("keydown", (event) => {
    const step = {ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1]}[event.key];
    if (step) {
      state.spot = {x: within(state.spot.x + step[0], left, columns), y: within(state.spot.y + step[1], top, rows)};
      showSpot();
    } else if (event.key === "Enter" || event.key === " ") {
      layAt(state.spot.x, state.spot.y);
    } else {
      return;
    }
    event.preventDefault();
  });
  const focused = $("board").contains(document.activeElement);
  $("board").replaceChildren(board);
  if (focused) board.focus({preventScroll: true});
  $("board").dataset.cards = String(state.table.length);
}

/** Where the chosen face would lie if laid at cell (x, y), the pointer's or the keyboard
 * cursor's, and that cell's coordinates under the board (the ones hints name). */
function showGhost(ghost, x, y, left, top) {
  note("board-where", `cell (${x}, ${y})`);
  if (!state.selected) {
    ghost.setAttribute("visibility", "hidden");
    return;
  }
  const [width, height] = state.rotation % 180 ? [2, 3] : [3, 2];  // a card is 3 x 2 cells as printed
  ghost.setAttribute("x", (x - left) * CELL);
  ghost.setAttribute("y", (y - top) * CELL);
  ghost.setAttribute("width", width * CELL);
  ghost.setAttribute("height", height * CELL);
  ghost.setAttribute("visibility", "visible");
}

// ---------------------------------------------------------------- questions and drawn answers

/** The "Cards to lay" field (empty: a round's 7). */
function cardsToLay() {
  return $("k").value.trim() || "7";
}

/** Why the cards to lay cannot be asked about with `cards` cards, in words; null when they can. */
function refusedCardsToLay(cards) {
  const text = cardsToLay();
  if (!/^[0-9]+$/.test(text) || Number(text) < 1) {
    return `Cards to lay: write a whole number from 1 up (a round asks for 7), not \u201c${text}\u201d.`;
  }
  if (Number(text) > cards) {
    return `Cards to lay: ${text}, but you hold ${cards} card${cards === 1 ? "" : "s"}: add cards or ask for fewer.`;
  }
  return null;
}

/** A drawing's pictures are all in: tests and people may look. */
function finished(drawing) {
  drawing.dataset.drawn = "yes";
}

/** A figure: the server's picture (SVG text) under a caption. */
function figure(caption, picture) {
  return el("figure", {class: "layout"}, el("figcaption", {}, caption), svgFromText(picture));
}

/** The faces of a hand in a row (an answer without a layout). */
function handRow(tokens) {
  return el("div", {class: "hand-row"}, tokens.map((token) => drawToken(token, {cell: 18}) || el("code", {}, token)));
}

/** Verify's answer drawn: the layout found, or the faces with the verdict. */
function drawVerify(document, drawing, asked, pictures) {
  const k = asked.k;
  if (document.solvable) {
    drawing.append(figure(`A valid layout of ${k} of your ${asked.hand.split(",").length} faces:`, pictures.layout));
  } else {
    const verdict = document.solvable === false ? `No valid layout of ${k} of these faces exists (proven).`
      : `Undecided: no layout of ${k} was found within the time limit, and none was ruled out.`;
    drawing.append(el("p", {class: "status"}, verdict), handRow(asked.hand.split(",")));
  }
  finished(drawing);
}

/** Solve's answer drawn: the best layout, and a way to lay its first cards on the table. */
function drawSolve(document, drawing, asked, pictures) {
  const cards = document.layout.cards;
  const caption = document.complete
    ? `A valid layout of ${document.k} cards${Number(document.k) === 7 ? " \u2014 call \u201cUbongo!\u201d" : ""}`
    : document.proven
      ? `No layout of ${document.k} exists; the largest has ${document.card_count} card${document.card_count === 1 ? "" : "s"}, ` +
        `worth ${document.card_count} points at an early end`
      : `Undecided: the time ran out; the largest layout found has ${document.card_count} ` +
        `card${document.card_count === 1 ? "" : "s"} (a larger one may exist)`;
  drawing.append(figure(caption, pictures.layout));
  const count = el("select", {id: "first-n", "aria-label": "cards to lay from this layout"},
                   cards.map((_, index) => el("option", {value: index + 1, selected: index + 1 === Math.min(3, cards.length)},
                                              String(index + 1))));
  drawing.append(el("div", {class: "row"}, el("label", {class: "inline"}, "Lay its first", count, "cards on the table"),
                    el("button", {type: "button", id: "use-layout", onclick: () => {
                      setTable(cards.slice(0, Number(count.value)));
                      note("board-note", `The table now holds the first ${count.value} cards of that layout.`);
                    }}, "Lay them")));
  finished(drawing);
}

/** The hint's answer drawn: the cards to take back (marked red on the table as it lies), the
 * card to lay (marked blue where it goes) and the layout it leads to; or the largest layout
 * when none of k can be reached. "Do it" carries the hint out on the table. */
function drawHint(document, drawing, asked, pictures) {
  const table = asked.table.cards;
  const k = asked.k;
  const name = (index) => `${index + 1} (${table[index].card})`;
  if (document.target === null) {
    drawing.append(figure(`No valid layout of ${k} of these cards exists, whatever is taken back. ` +
                          `The largest has ${document.largest.cards.length}:`, pictures.largest));
    finished(drawing);
    return;
  }
  const taken = document.take_back.map((entry) => entry.card - 1);
  if (taken.length) {
    drawing.append(figure(`Take back card${taken.length === 1 ? "" : "s"} ${taken.map(name).join(", ")} ` +
                          "(marked red):", pictures.table),
                   el("ul", {class: "reasons"}, document.take_back.map((entry) =>
                     el("li", {}, `${entry.face}: ${entry.reason}.`))));
  }
  const placed = document.placement;
  if (placed === null) {
    drawing.append(figure(`${taken.length ? "Then the" : "The"} table is a valid layout of ${k} cards` +
                          `${Number(k) === 7 ? ": call \u201cUbongo!\u201d" : ""}`, pictures.kept));
  } else {
    const joins = document.joins.map((number) => name(number - 1)).join(" and ");
    drawing.append(figure(`${taken.length ? "Then lay" : "Lay"} ${placed.card} turned ${placed.rotation}° with its ` +
                          `top-left cell at (${placed.x}, ${placed.y})${joins ? `, joining card ${joins}` : ""} ` +
                          "(marked blue):", pictures.next),
                   figure(`A layout of ${k} from there:`, pictures.target));
  }
  drawing.append(el("div", {class: "row"}, el("button", {type: "button", id: "apply-hint", onclick: (event) =>
    applyHint(event.target, table, taken, placed)}, "Do it on the table")));
  finished(drawing);
}

/** Carry a hint out: take back its cards and lay its card, if the table is still the one asked about. */
function applyHint(button, table, taken, placed) {
  if (JSON.stringify(table) !== JSON.stringify(state.table)) {
    button.textContent = "The table has changed since: ask again";
    return;
  }
  const back = taken.map((index) => table[index].card);
  state.table = table.filter((_, index) => !taken.includes(index));
  let tokens = [...hand.tokens, ...back];
  if (placed) {
    state.table.push(placed);
    tokens = without(tokens, [placed.card]);
  }
  hand.set(tokens);
  tableChanged();
  const laid = placed ? `laid ${placed.card} turned ${placed.rotation}° at (${placed.x}, ${placed.y})` : "";
  const done = [back.length ? `took back ${back.join(", ")}` : "", laid].filter(Boolean).join(", then ");
  note("board-note", `Done as hinted: ${done || "the table was already a layout"}.`);
  button.textContent = "Done";
  button.disabled = true;
}

/** What `command` asks about, as it stands on the page: verify and solve take every card and
 * the cards to lay, the hint the hand, the table as it lies and the cards to lay; each asks
 * the solver chosen. */
function questionOf(command) {
  const backend = $("backend").value;
  if (command === "hint") {
    return {hand: hand.text, table: {cards: state.table.map((placed) => ({...placed}))}, k: cardsToLay(), backend};
  }
  return {hand: allCards().join(","), k: cardsToLay(), backend};
}

/** A question's options as one text, whatever order the cards are held in. */
function questionKey(options) {
  return JSON.stringify({...options, hand: options.hand.split(",").filter(Boolean).sort()});
}

/** Mark the answer shown as stale while the cards it was asked about differ from the page's
 * (and as current again when they are put back). */
function markStale() {
  if (!answer || !state.asked || answer.element.dataset.state !== "done") return;
  if (questionKey(questionOf(state.asked.command)) === state.asked.key) delete answer.element.dataset.stale;
  else answer.element.dataset.stale = "true";
}

/** Ask `command` about the cards on the page; `draw` draws its answer with the options asked.
 * Cards to lay that are not a number from 1 to the cards held are refused before asking. */
function run(command, draw) {
  const options = questionOf(command);
  const refusal = refusedCardsToLay(command === "hint" ? allCards().length : options.hand.split(",").filter(Boolean).length);
  state.asked = null;
  delete answer.element.dataset.stale;
  if (refusal) {
    answer.refuse(refusal);
    return;
  }
  state.asked = {command, key: questionKey(options)};
  answer.run(GAME, command, options, (document, drawing, view) => draw(document, drawing, options, view.pictures));
}

/** Wire the three questions to their buttons, and the cards to lay to the answer's freshness. */
function setUpQuestions() {
  answer = answerPanel($("tool-answer"));
  $("verify").addEventListener("click", () => run("verify", drawVerify));
  $("solve").addEventListener("click", () => run("solve", drawSolve));
  $("hint").addEventListener("click", () => run("hint", drawHint));
  $("k").addEventListener("input", markStale);
  $("backend").addEventListener("change", markStale);
}

// ---------------------------------------------------------------- the board: the round as the game's State

/** The side of the faces a round plays: white in odd rounds, black in even ones. */
function side(round) {
  return Number(round) % 2 ? "white" : "black";
}

/** The laid cards of a position document: its table, written as a list or as a layout
 * file's object (`{"cards": [...]}`), or none. */
function laidCards(position) {
  const table = position.table;
  if (Array.isArray(table)) return table;
  return table && Array.isArray(table.cards) ? table.cards : [];
}

/** The round on the board: how far it is, the table drawn with the coordinates the moves
 * name, and the faces still in hand. */
function drawRound(position, container, {pictures}) {
  const table = laidCards(position);
  const held = position.hand || [];
  const called = position.to_move === null;
  const facts = `Round ${position.round} (${side(position.round)} faces): ${table.length} of ${position.k ?? 7} ` +
    `cards laid${called ? ", \u201cUbongo!\u201d called" : ""}.`;
  fill(container, el("div", {class: "u-board", "data-laid": table.length},
    el("p", {class: "u-facts"}, facts),
    pictures.table ? svgFromText(pictures.table)
      : el("p", {class: "muted"}, "No card laid yet: the first lies unturned at (0, 0)."),
    el("p", {class: "muted"}, `In hand: ${held.length} card${held.length === 1 ? "" : "s"}` +
       `${called ? "" : ": tap one to see only its options"}`),
    el("div", {class: "hand-row", id: "board-hand"}, held.map((token) =>
      el("button", {type: "button", class: "card-button", "data-face": token, "aria-pressed": String(token === boardFace),
                    "aria-label": `only the options of ${token}`, title: `${token}: only its options`,
                    onclick: () => narrowTo(token === boardFace ? null : token)},
         drawToken(token, {cell: 16}) || el("code", {}, token))))));
  if (boardFace !== null && !held.includes(boardFace)) narrowTo(null);
}

/** The face of the board's hand whose options alone the answer shows (null: every option). */
let boardFace = null;

/** Show only the options of `face` in the answer (its lays; every option when null). */
function narrowTo(face) {
  boardFace = face;
  for (const button of document.querySelectorAll("#board-hand [data-face]")) {
    button.setAttribute("aria-pressed", String(button.dataset.face === face));
  }
  narrowAnswer();
}

/** Hide the answer's options of other faces than the one chosen in the board's hand (the
 * answer is redrawn after each move: this runs again then). */
function narrowAnswer() {
  for (const button of document.querySelectorAll("#answer [data-move], #answer [data-old-move]")) {
    const move = button.dataset.move ?? button.dataset.oldMove;
    const item = button.closest("li") || button;
    item.hidden = boardFace !== null && !move.startsWith(`${boardFace}@`);
  }
}

const LAY = /^(?<face>[^@\s]+)@(?<x>[+-]?[0-9]+),(?<y>[+-]?[0-9]+)r(?<turn>[0-9]+)$/;

/** A move as a player reads it: a lay as its face turned as it goes and where its top-left
 * cell lies, a take-back with its face, the call in words. */
function moveLabel(move) {
  if (move === "ubongo") return "Call \u201cUbongo!\u201d";
  const back = /^back (?<face>\S+)$/.exec(move);
  if (back) {
    const face = faceOf(back.groups.face);
    return el("span", {class: "u-move"}, face ? faceSvg(face, {cell: 11, caption: false}) : null,
              `Take ${back.groups.face} back`);
  }
  const lay = LAY.exec(move);
  if (!lay) return move;
  const {face: name, x, y, turn} = lay.groups;
  const face = faceOf(name);
  const turned = Number(turn) ? `turned ${turn}°` : "unturned";
  return el("span", {class: "u-move"}, face ? faceSvg(face, {rotation: Number(turn), cell: 11, caption: false}) : null,
            `${name} ${turned} at (${x}, ${y})`);
}

/** The board's position document of the cards entered below: the hand, the table as laid,
 * the cards to lay; the round is the deck faces' (or the deck picker's). */
function enteredPosition() {
  const cards = allCards();
  const deckFace = cards.map(faceOf).find((face) => face && face.round);
  return {game: GAME, to_move: 1, history: [], round: deckFace ? deckFace.round : state.round,
          k: Number(cardsToLay()), hand: hand.tokens, table: state.table.map((placed) => ({...placed}))};
}

/** Put the board's round into the tools below: its hand, its table, its cards to lay and round. */
function toTools(position) {
  state.table = laidCards(position).map(({card, rotation, x, y}) => ({card, rotation, x, y}));
  $("k").value = String(position.k ?? 7);
  hand.set(position.hand || []);
  tableChanged();
  showRound(Number(position.round));
}

/** Entering the round on your table by tapping: the hand and table of the tools below become
 * the board's position, or the board's position goes down to them. */
function editor({load, current}) {
  const message = el("p", {class: "muted notice", id: "editor-note", "aria-live": "polite"});
  const useCards = () => {
    const refusal = allCards().length ? refusedCardsToLay(allCards().length)
      : "Tap your cards into the hand below first (and lay those on your table).";
    message.textContent = refusal || "";
    if (!refusal) load(enteredPosition());
  };
  const sendDown = () => {
    toTools(current());
    message.textContent = "The round is in the tools below.";
  };
  return el("details", {class: "board-tool u-editor", id: "board-editor"},
    el("summary", {}, "Your own cards"),
    el("p", {class: "help"}, "Tap your hand together below (from the deck, narrowed by the symbols you see, or face " +
       "by face), lay the cards already on your table on the grid, then put them on the board. Or send the board's " +
       "round down, to ask more about it."),
    el("div", {class: "commands"},
      el("button", {type: "button", "data-action": "use-cards", onclick: useCards}, "Put my cards on the board"),
      el("button", {type: "button", "data-action": "to-tools", onclick: sendDown}, "Send this round below")),
    message);
}

// ---------------------------------------------------------------- start

/** Build the page: header, the board (once the deck's faces are known, to draw them), hand
 * zone, pickers, builder, table and questions. */
async function start() {
  $("header").replaceWith(header(GAME));
  hand = zone({zoneElement: $("hand-zone"), field: $("hand-field"), draw: (token) => drawToken(token, {cell: 18}),
               onChange: () => { drawLayControls(); markChosen(); markStale(); }});
  drawRoundTabs();
  drawDeckFilter();
  drawSymbols();
  drawBuilder();
  drawLayControls();
  tableChanged();
  setUpQuestions();
  $("deal").addEventListener("click", dealHand);
  $("add-face").addEventListener("click", addBuiltFace);
  $("clear-face").addEventListener("click", clearBuilder);
  $("clear-table").addEventListener("click", () => setTable([]));
  $("table-field").addEventListener("input", readTableField);
  await loadDeck();
  board(GAME, {
    draw: drawRound,
    moveLabel,
    deal: [{name: "round", label: "Round", min: 1, max: 6, value: 1},
           {name: "k", label: "Cards to lay", min: 1, max: 9, value: 7}],
    editor,
  });
  new MutationObserver(narrowAnswer).observe($("answer"), {childList: true, subtree: true});
}

start();
