// The Ubongo page: build a hand by tapping faces (from the deck, or symbol by symbol), lay
// cards on the table, and ask the server to verify, solve or hint. Every layout is drawn
// by the server's own picture (`ubongo render`); the page only places and marks it.

import {answerPanel, ask, el, header, picker, svg, svgFromText, zone} from "/static/cardsolve.js";

const GAME = "ubongo";
const SYMBOLS = "ABCDEFGHIJKL";
/** The colour of each symbol: the same as the server's pictures (models/ubongo/picture.py PALETTE). */
const PALETTE = {
  A: "#f07070", B: "#f5a34a", C: "#f2e35a", D: "#a6d854", E: "#4fbf6f", F: "#7fd8d0",
  G: "#6fb3f0", H: "#a7a9f5", I: "#c88de8", J: "#f29ccf", K: "#c8a27a", L: "#bdbdbd",
};
const ROTATIONS = [0, 90, 180, 270];
const CELL = 40;            // a cell of the server's SVG picture, in its units
const MARGIN = CELL / 4;    // the picture's margin around the cards
const BOARD_CELL_PX = 30;   // a board cell on screen
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

/** A grid of rows turned clockwise by `rotation` degrees (as the server turns it). */
function rotateGrid(grid, rotation) {
  let rows = grid;
  for (let turn = 0; turn < rotation / 90; turn += 1) {
    rows = [...rows[0]].map((_, r) => rows.map((_, c) => rows[rows.length - 1 - c][r]).join(""));
  }
  return rows;
}

/** A card face drawn: its cells coloured by symbol with the letters, framed white, black or
 * grey (a face of your own), with its deck name underneath. */
function faceSvg(face, {rotation = 0, cell = 16, caption = true} = {}) {
  const grid = rotateGrid(face.grid, rotation);
  const pad = 3;
  const label = caption && face.side !== "own" ? face.name : "";
  const captionHeight = label ? Math.round(cell * 0.85) : 0;
  const width = grid[0].length * cell + 2 * pad;
  const height = grid.length * cell + 2 * pad + captionHeight;
  const dark = face.side === "black";
  const root = svg("svg", {width, height, viewBox: `0 0 ${width} ${height}`, class: "face", role: "img",
                           "aria-label": `${face.name}${rotation ? ` turned ${rotation}°` : ""}: ${face.grid.join("/")}`},
                   svg("rect", {x: 0.5, y: 0.5, width: width - 1, height: height - 1, rx: 4,
                                fill: dark ? "#222" : face.side === "own" ? "#eceae4" : "#fff",
                                stroke: dark ? "#222" : "#9b968a"}));
  grid.forEach((row, r) => [...row].forEach((symbol, c) => {
    const x = pad + c * cell;
    const y = pad + r * cell;
    root.append(svg("rect", {x, y, width: cell, height: cell, fill: PALETTE[symbol] || "#fff",
                             stroke: "rgba(0,0,0,.18)", "stroke-width": 0.8}),
                svg("text", {x: x + cell / 2, y: y + cell / 2, "text-anchor": "middle", "dominant-baseline": "central",
                             "font-size": cell * 0.58, "font-weight": 700, "font-family": "sans-serif", fill: "#222"},
                    symbol));
  }));
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

/** Show round `round`'s 36 faces in the deck picker; the deal deals from the same round. */
function showRound(round) {
  state.round = round;
  drawRoundTabs();
  const tokens = [...state.deck.values()].filter((face) => face.round === round).map((face) => face.name);
  picker($("deck-picker"), tokens, (token) => drawToken(token, {cell: 13}), pickFromDeck);
  $("deal").textContent = `Deal 9 cards of round ${round}`;
  markChosen();
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

/** The cells a laid card covers: 3 x 2, or 2 x 3 when turned 90 or 270 degrees. */
function extent(placed) {
  return placed.rotation % 180 ? {width: 2, height: 3} : {width: 3, height: 2};
}

/** The top-left cell of the laid cards' bounding box (where the server's picture starts). */
function origin(cards) {
  return {x: Math.min(...cards.map((placed) => placed.x)), y: Math.min(...cards.map((placed) => placed.y))};
}

/** The layout drawn by the server (`ubongo render`): an SVG element, or an error message. */
async function renderLayout(cards) {
  const result = await ask(GAME, "render", {layout: {cards}});
  if (!result.ok) return {error: result.error};
  const picture = svgFromText(result.view.document.picture);
  picture.classList.add("layout");
  return {picture};
}

/** Outline laid card `index` of `cards` on the server's picture of them: "lay" (the card to
 * lay, blue) or "take" (a card to take back, red). */
function markCard(picture, cards, index, tone) {
  const corner = origin(cards);
  const placed = cards[index];
  const {width, height} = extent(placed);
  const colour = tone === "take" ? "#b3261e" : "#2d5fb3";
  picture.append(svg("rect", {x: MARGIN + (placed.x - corner.x) * CELL - 4, y: MARGIN + (placed.y - corner.y) * CELL - 4,
                              width: width * CELL + 8, height: height * CELL + 8, rx: 6, fill: "none",
                              stroke: colour, "stroke-width": 5, "stroke-dasharray": "12 6", class: `mark ${tone}`}));
}

/** The table changed: redraw the list of laid cards, the layout file, the board and the picker. */
function tableChanged({fromField = false} = {}) {
  $("table-count").textContent = `${state.table.length} card${state.table.length === 1 ? "" : "s"}`;
  $("table-zone").replaceChildren(...state.table.map((placed, index) => {
    const face = faceOf(placed.card);
    return el("button", {type: "button", class: `card-button${face ? "" : " invalid"}`, "data-token": placed.card,
                         "aria-label": `take back ${placed.card}`, title: `${placed.card}: tap to take it back`,
                         onclick: () => takeBack(index)},
              el("span", {class: "laid"}, face ? faceSvg(face, {rotation: placed.rotation, cell: 12}) : placed.card,
                 `(${placed.x}, ${placed.y}) ${placed.rotation}°`));
  }));
  if (!fromField) $("table-field").value = JSON.stringify({cards: state.table}, null, 1);
  drawBoard();
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
  tableChanged();
  note("board-note", `Laid ${laid} turned ${state.rotation}° at (${x}, ${y}).`);
  warnOverlap(state.table.length);
}

/** Asks `ubongo check` of the table just laid and, when laid card `number` (from 1) covers
 * a cell another card covers, says so at once (the rulebook allows no cell covered twice). */
async function warnOverlap(number) {
  const table = state.table;
  const result = await ask(GAME, "check", {layout: {cards: table}});
  if (!result.ok || state.table !== table || table.length !== number) return;  // the table changed meanwhile
  const overlap = result.view.document.violations.find((found) => found.kind === "overlap"
                                                                  && found.cards.includes(number));
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
  picker($("lay-hand"), tokens, (token) => drawToken(token, {cell: 12}), (token) => {
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
       faceSvg(face, {rotation, cell: 14}))));
}

let boardRequest = 0;

/** The board: the server's picture of the table on a grid with 3 free cells around it; each
 * cell is a tap target for the top-left corner of the card to lay. */
async function drawBoard() {
  const request = ++boardRequest;
  const cards = state.table;
  let drawn = {};
  if (cards.length) {
    drawn = await renderLayout(cards);
    if (request !== boardRequest) return;  // a newer table is being drawn
  }
  const right = cards.length ? Math.max(...cards.map((placed) => placed.x + extent(placed).width)) : 9;
  const bottom = cards.length ? Math.max(...cards.map((placed) => placed.y + extent(placed).height)) : 6;
  const corner = cards.length ? origin(cards) : {x: 0, y: 0};
  const free = cards.length ? 3 : 0;
  const left = corner.x - free;
  const top = corner.y - free;
  const columns = right + free - left;
  const rows = bottom + free - top;
  const board = svg("svg", {viewBox: `0 0 ${columns * CELL} ${rows * CELL}`, width: columns * BOARD_CELL_PX,
                            height: rows * BOARD_CELL_PX, role: "application", tabindex: 0,
                            "aria-label": "the table: arrow keys move to a cell, Enter lays the chosen face there"});
  if (drawn.picture) {
    drawn.picture.setAttribute("x", (corner.x - left) * CELL - MARGIN);
    drawn.picture.setAttribute("y", (corner.y - top) * CELL - MARGIN);
    board.append(drawn.picture);
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
  $("board").dataset.cards = String(cards.length);
  if (drawn.error) note("board-note", drawn.error, true);
}

/** Where the chosen face would lie if laid at cell (x, y), the pointer's or the keyboard
 * cursor's, and that cell's coordinates under the board (the ones hints name). */
function showGhost(ghost, x, y, left, top) {
  note("board-where", `cell (${x}, ${y})`);
  if (!state.selected) {
    ghost.setAttribute("visibility", "hidden");
    return;
  }
  const {width, height} = extent({rotation: state.rotation});
  ghost.setAttribute("x", (x - left) * CELL);
  ghost.setAttribute("y", (y - top) * CELL);
  ghost.setAttribute("width", width * CELL);
  ghost.setAttribute("height", height * CELL);
  ghost.setAttribute("visibility", "visible");
}

// ---------------------------------------------------------------- questions and drawn answers

/** The "Cards to lay" field. */
function cardsToLay() {
  return $("k").value || "7";
}

/** A drawing's pictures are all in: tests and people may look. */
function finished(drawing) {
  drawing.dataset.drawn = "yes";
}

/** A figure: the server's picture of `cards` (marked as asked) under a caption. */
async function figure(caption, cards, marks = []) {
  const drawn = await renderLayout(cards);
  if (drawn.error) return el("p", {class: "status error"}, drawn.error);
  marks.forEach(([index, tone]) => markCard(drawn.picture, cards, index, tone));
  return el("figure", {class: "layout"}, el("figcaption", {}, caption), drawn.picture);
}

/** The faces of a hand in a row (an answer without a layout). */
function handRow(tokens) {
  return el("div", {class: "hand-row"}, tokens.map((token) => drawToken(token, {cell: 18}) || el("code", {}, token)));
}

/** Verify's answer drawn: the layout found, or the faces with the verdict. */
async function drawVerify(document, drawing, asked) {
  const k = asked.k;
  if (document.solvable) {
    drawing.append(await figure(`A valid layout of ${k} of your ${asked.hand.split(",").length} faces:`,
                                document.layout.cards));
  } else {
    const verdict = document.solvable === false ? `No valid layout of ${k} of these faces exists (proven).`
      : `Undecided: no layout of ${k} was found within the time limit, and none was ruled out.`;
    drawing.append(el("p", {class: "status"}, verdict), handRow(asked.hand.split(",")));
  }
  finished(drawing);
}

/** Solve's answer drawn: the best layout, and a way to lay its first cards on the table. */
async function drawSolve(document, drawing, asked) {
  const cards = document.layout.cards;
  const caption = document.complete
    ? `A valid layout of ${document.k} cards${Number(document.k) === 7 ? " \u2014 call \u201cUbongo!\u201d" : ""}`
    : document.proven
      ? `No layout of ${document.k} exists; the largest has ${document.card_count} card${document.card_count === 1 ? "" : "s"}, ` +
        `worth ${document.card_count} points at an early end`
      : `Undecided: the time ran out; the largest layout found has ${document.card_count} ` +
        `card${document.card_count === 1 ? "" : "s"} (a larger one may exist)`;
  drawing.append(await figure(caption, cards));
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
async function drawHint(document, drawing, asked) {
  const table = asked.table.cards;
  const k = asked.k;
  const name = (index) => `${index + 1} (${table[index].card})`;
  if (document.target === null) {
    const largest = document.largest.cards;
    drawing.append(await figure(`No valid layout of ${k} of these cards exists, whatever is taken back. ` +
                                `The largest has ${largest.length}:`, largest));
    finished(drawing);
    return;
  }
  const taken = document.take_back.map((entry) => entry.card - 1);
  if (taken.length) {
    drawing.append(await figure(`Take back card${taken.length === 1 ? "" : "s"} ${taken.map(name).join(", ")} ` +
                                "(marked red):", table, taken.map((index) => [index, "take"])),
                   el("ul", {class: "reasons"}, document.take_back.map((entry) =>
                     el("li", {}, `${entry.face}: ${entry.reason}.`))));
  }
  const kept = table.filter((_, index) => !taken.includes(index));
  const placed = document.placement;
  if (placed === null) {
    drawing.append(await figure(`${taken.length ? "Then the" : "The"} table is a valid layout of ${k} cards` +
                                `${Number(k) === 7 ? ": call \u201cUbongo!\u201d" : ""}`, kept));
  } else {
    const next = [...kept, placed];
    const joins = document.joins.map((number) => name(number - 1)).join(" and ");
    drawing.append(await figure(`${taken.length ? "Then lay" : "Lay"} ${placed.card} turned ${placed.rotation}° with its ` +
                                `top-left cell at (${placed.x}, ${placed.y})${joins ? `, joining card ${joins}` : ""} ` +
                                "(marked blue):", next, [[next.length - 1, "lay"]]),
                   await figure(`A layout of ${k} from there:`, document.target.cards));
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
  button.textContent = "Done";
  button.disabled = true;
}

/** Ask `command` with `options`; `draw` draws its answer with the options asked. */
function run(command, options, draw) {
  answer.run(GAME, command, options, (document, drawing) => draw(document, drawing, options));
}

/** Wire the three questions to their buttons. */
function setUpQuestions() {
  answer = answerPanel($("answer"));
  $("verify").addEventListener("click", () => run("verify", {hand: allCards().join(","), k: cardsToLay()}, drawVerify));
  $("solve").addEventListener("click", () => run("solve", {hand: allCards().join(","), k: cardsToLay()}, drawSolve));
  $("hint").addEventListener("click", () => run("hint", {hand: hand.text, table: {cards: [...state.table]},
                                                         k: cardsToLay()}, drawHint));
}

// ---------------------------------------------------------------- start

/** Build the page: header, hand zone, pickers, builder, table and questions. */
function start() {
  $("header").replaceWith(header(GAME));
  hand = zone({zoneElement: $("hand-zone"), field: $("hand-field"), draw: (token) => drawToken(token),
               onChange: () => { drawLayControls(); markChosen(); }});
  drawRoundTabs();
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
  loadDeck();
}

start();
