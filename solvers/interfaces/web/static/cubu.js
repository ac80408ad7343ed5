// The CUBU page: a board that follows a classic game or a Speed CUBU race (the position
// document of `cardsolve cubu start`, every option of the seat to move valued after each
// change), entered from a seeded deal or from the cards on your table; below it, the
// questions about tapped-in cards: the longest colour sequence, and whether a Speed CUBU
// hand can all be laid. The server checks and solves; this page only draws cards and positions.

import {board} from "/static/board.js";
import {answerPanel, el, fill, header, picker, svg, zone} from "/static/cardsolve.js";

const COLOURS = {D: ["dark blue", "var(--dark-blue)"], L: ["light blue", "var(--light-blue)"],
                 R: ["red", "var(--cubu-red)"], G: ["green", "var(--cubu-green)"],
                 O: ["orange", "var(--cubu-orange)"], P: ["purple", "var(--cubu-purple)"]};
const ACTIONS = {miss: "Miss a turn", interrupt: "Interrupt", swap: "Swap hands", pickup1: "Pick up 1",
                 pickup2: "Pick up 2", pickup3: "Pick up 3"};
const READY = ["D-L-G", "L-O", "R-G", "O-P", "R-O-P-G", "G-P-R-D", "P-D-G-R-O", "O-P-R-L-D", "G-R-D-L-O-P",
               "D-P-R-O-L-G"];
const MOST_BOXES = 6;
const CARD = 56;
const INK = "#1d2330";
const DECK_CARDS = 60;
/** The bundled deck: 48 regular cards and 12 action cards (Speed CUBU removes the action cards). */
const ACTION_CARDS = 12;
const FOLLOW = /^([DLRGOP])([1-6])(up|down)$/;
/** A declared box and direction as the notation writes it: R3up. */
const SEQUENCE = /^([DLRGOP][1-6](?:up|down)):(.+)$/;
/** A colour sequence move: R2up:O-R-G,P-R-L. */
const MOVE_WORDS = {draw: "Draw a card", pass: "Pass", interrupt: "Interrupt", look: "Look at my cards"};
/** The moves that are words, not cards. */

/** Read a card token for drawing: {colours: ["D", ...]} or {action: "miss"}, or null if it is no card. */
function readCard(token) {
  const word = token.trim();
  if (ACTIONS[word.toLowerCase()]) return {action: word.toLowerCase()};
  const letters = word.toUpperCase().split("-");
  const drawable = letters.length >= 2 && letters.length <= MOST_BOXES && new Set(letters).size === letters.length
    && letters.every((letter) => COLOURS[letter]);
  return drawable ? {colours: letters} : null;
}

/** A card's name in words, for titles and screen readers: "dark blue 1, red 2" or "Miss a turn". */
function cardWords(card) {
  if (card.action) return ACTIONS[card.action];
  return card.colours.map((letter, index) => `${COLOURS[letter][0]} ${index + 1}`).join(", ");
}

/** The side of the square of box `position` in a 100-unit card: the same size on every card. */
function boxSide(position) {
  return 26 + 64 * (position - 1) / (MOST_BOXES - 1);
}

/** A square centred in the 100-unit card. */
function centredSquare(side, attributes) {
  return svg("rect", {x: 50 - side / 2, y: 50 - side / 2, width: side, height: side, rx: 2, ...attributes});
}

/**
 * A regular card's face in 100 units: nested squares, innermost in the middle. With
 * `highlight` (a position), that box keeps its full colour and the others are pale.
 */
function regularFace(colours, highlight) {
  const paper = "#f4f1ea";
  const parts = [svg("rect", {x: 1, y: 1, width: 98, height: 98, rx: 9, fill: paper, stroke: "#c9c2b3",
                              "stroke-width": 2})];
  const marking = highlight >= 1 && highlight <= colours.length;
  for (let position = colours.length; position >= 1; position -= 1) {
    const side = boxSide(position);
    const pale = marking && position !== highlight;
    if (pale) parts.push(centredSquare(side, {fill: paper}));
    parts.push(centredSquare(side, {fill: COLOURS[colours[position - 1]][1], "fill-opacity": pale ? 0.3 : null,
                                    stroke: "#fff", "stroke-width": 1.5, "data-position": position}));
  }
  if (marking) parts.push(centredSquare(boxSide(highlight) + 3, {fill: "none", stroke: INK, "stroke-width": 2}));
  return parts;
}

/** The symbol of an action card in 100 units (white on the dark card). */
function actionSymbol(action) {
  const white = {fill: "none", stroke: "#fff", "stroke-width": 7, "stroke-linecap": "round"};
  if (action === "miss") {
    return [svg("circle", {cx: 50, cy: 42, r: 22, ...white}), svg("line", {x1: 35, y1: 57, x2: 65, y2: 27, ...white})];
  }
  if (action === "interrupt") {
    const points = [...Array(8).keys()].map((corner) => {
      const angle = Math.PI / 8 + corner * Math.PI / 4;
      return `${50 + 26 * Math.cos(angle)},${42 + 26 * Math.sin(angle)}`;
    }).join(" ");
    return [svg("polygon", {points, fill: "var(--cubu-red)", stroke: "#fff", "stroke-width": 3}),
            svg("rect", {x: 46, y: 26, width: 8, height: 21, rx: 2, fill: "#fff"}),
            svg("circle", {cx: 50, cy: 55, r: 4.5, fill: "#fff"})];
  }
  if (action === "swap") {
    const line = {stroke: "#fff", "stroke-width": 6, "stroke-linecap": "round"};
    return [svg("line", {x1: 22, y1: 30, x2: 68, y2: 30, ...line}),
            svg("polygon", {points: "66,20 82,30 66,40", fill: "#fff"}),
            svg("line", {x1: 78, y1: 54, x2: 32, y2: 54, ...line}),
            svg("polygon", {points: "34,44 18,54 34,64", fill: "#fff"})];
  }
  const count = Number(action.slice(-1));
  const stacked = [...Array(count).keys()].map((index) =>
    svg("rect", {x: 12 + index * 6, y: 20 + index * 6, width: 21, height: 29, rx: 3, fill: "#f4f1ea",
                 stroke: INK, "stroke-width": 2}));
  return [...stacked, svg("text", {x: 71, y: 55, "text-anchor": "middle", "font-size": 34, "font-weight": 700,
                                   fill: "#ffd54a", "font-family": "system-ui, sans-serif"}, `+${count}`)];
}

/** An action card's face in 100 units: dark card, symbol, short label. */
function actionFace(action) {
  const label = action.startsWith("pickup") ? "PICK UP" : action.toUpperCase();
  return [svg("rect", {x: 1, y: 1, width: 98, height: 98, rx: 9, fill: "#2a3040", stroke: INK, "stroke-width": 2}),
          ...actionSymbol(action),
          svg("text", {x: 50, y: 88, "text-anchor": "middle", "font-size": 13, "font-weight": 700, fill: "#fff",
                       "letter-spacing": .5, "font-family": "system-ui, sans-serif"}, label)];
}

/** A card's face as an SVG group in 100 units (with its title), or null if the token is no card. */
function cardGroup(token, highlight = 0) {
  const card = readCard(token);
  if (!card) return null;
  const face = card.action ? actionFace(card.action) : regularFace(card.colours, highlight);
  return svg("g", {"data-card": token}, svg("title", {}, `${token}: ${cardWords(card)}`), face);
}

/** A card drawn as a stand-alone SVG of `size` pixels (for pickers, zones and answers), or null. */
function cardSvg(token, size = CARD, highlight = 0) {
  const group = cardGroup(token, highlight);
  if (!group) return null;
  return svg("svg", {viewBox: "0 0 100 100", width: size, height: size, role: "img",
                     "aria-label": `${token}: ${cardWords(readCard(token))}`}, group);
}

/** The empty card the builder shows before any colour is tapped. */
function emptyCard(size) {
  return svg("svg", {viewBox: "0 0 100 100", width: size, height: size, "aria-hidden": "true"},
             svg("rect", {x: 2, y: 2, width: 96, height: 96, rx: 9, fill: "none", stroke: "#b9b2a3",
                          "stroke-width": 2, "stroke-dasharray": "6 5"}));
}

/** A small colour swatch (HTML) for a colour letter. */
function swatch(letter) {
  return el("span", {class: "swatch", style: `background: ${COLOURS[letter][1]}`});
}

/** The elements of the page's own card builder (under "More questions"), found by their ids. */
function pageBuilderParts() {
  const byId = (id) => document.getElementById(id);
  return {colours: byId("colours"), put: byId("put-built"), undo: byId("undo-box"), clear: byId("clear-built"),
          preview: byId("preview"), note: byId("preview-note"), built: byId("built")};
}

/** A new card builder's elements (for the table editor): the block to show and its parts. */
function newBuilderParts() {
  const parts = {colours: el("div", {class: "colours"}), built: el("div", {class: "built", "aria-live": "polite"}),
                 preview: el("div"), note: el("p"),
                 put: el("button", {type: "button", class: "primary", disabled: true}),
                 undo: el("button", {type: "button", disabled: true}, "Undo box"),
                 clear: el("button", {type: "button", disabled: true}, "Clear")};
  const block = el("div", {class: "builder"}, el("div", {class: "preview"}, parts.preview, parts.note),
                   el("div", {}, parts.colours, parts.built, el("div", {class: "row"}, parts.put, parts.undo, parts.clear)));
  return {block, parts};
}

/**
 * A card builder in `parts` (its colour buttons, preview and buttons): colour buttons nest boxes
 * innermost first; shows the card live; `put(token)` takes it; `putLabel()` names where it goes.
 */
function cardBuilder(parts, put, putLabel) {
  let built = [];
  const colourButtons = Object.keys(COLOURS).map((letter) =>
    el("button", {type: "button", "data-colour": letter, "aria-label": `add a ${COLOURS[letter][0]} box`,
                  onclick: () => { built.push(letter); show(); }}, swatch(letter), COLOURS[letter][0]));
  parts.colours.replaceChildren(...colourButtons);
  const {put: putButton, undo, clear} = parts;
  /** Redraw the preview, the words under it and which buttons can be used. */
  function show() {
    const token = built.join("-");
    parts.preview.replaceChildren(built.length >= 2 ? cardSvg(token, 96) :
      built.length === 1 ? svg("svg", {viewBox: "0 0 100 100", width: 96, height: 96}, regularFace(built, 0)) :
        emptyCard(96));
    parts.note.textContent = built.length === 0 ? "tap colours" :
      `${built.length} box${built.length === 1 ? "" : "es"}`;
    parts.built.textContent = built.length === 0 ? "Innermost box first." :
      `${built.map((letter, index) => `${COLOURS[letter][0]} ${index + 1}`).join(" · ")}` +
      (built.length < 2 ? ": a card has 2 to 6 boxes" : "");
    colourButtons.forEach((button) => { button.disabled = built.includes(button.dataset.colour); });
    putButton.disabled = built.length < 2;
    undo.disabled = clear.disabled = built.length === 0;
    putButton.textContent = putLabel();
  }
  putButton.addEventListener("click", () => { put(built.join("-")); built = []; show(); });
  undo.addEventListener("click", () => { built.pop(); show(); });
  clear.addEventListener("click", () => { built = []; show(); });
  show();
  return {refresh: show};
}

/** A figure: a card and a caption under it (for the drawn answers). */
function figure(token, caption, size, highlight, attributes = {}) {
  return el("figure", attributes, cardSvg(token, size, highlight) || el("span", {class: "raw"}, token),
            el("figcaption", {}, caption));
}

/** "dark blue box at position 1, going up (outwards)" for a declared box and direction. */
function followWords(box, direction) {
  const name = COLOURS[box.colour] ? COLOURS[box.colour][0] : box.colour;
  return `${name} box at position ${box.position}, going ${direction} (${direction === "up" ? "outwards" : "inwards"})`;
}

/** The position the n-th card of a run shows the declared colour at. */
function runPosition(box, direction, step) {
  return box.position + (direction === "up" ? step : -step);
}

/** Draw the longest answer: the top card with the declared box, the run in order, the other choices. */
function drawLongest(document_, drawing, top) {
  if (!document_.length) {
    drawing.append(el("p", {class: "headline"}, "No colour sequence can be played on this card: play an action card, "
                      + "or draw if you hold none."), el("div", {class: "run"}, figure(top, "top card", CARD, 0)));
    return;
  }
  const {box, direction, cards} = document_;
  drawing.append(el("p", {class: "headline"},
                    `Play ${cards.length} card${cards.length === 1 ? "" : "s"}: `
                    + `follow the ${followWords(box, direction)}.`));
  const steps = [figure(top, "top card", CARD, box.position, {"data-step": 0})];
  cards.forEach((token, index) => {
    steps.push(el("span", {class: "arrow", "aria-hidden": "true"}, "→"));
    steps.push(figure(token, `${index + 1}`, CARD, runPosition(box, direction, index + 1),
                      {"data-step": index + 1, "data-token": token}));
  });
  drawing.append(el("div", {class: "run", "data-run": "longest"}, steps));
  if (!document_.others.length) return;
  drawing.append(el("h4", {}, "Every other choice that no card of the hand could extend"),
                 el("ul", {class: "others"}, document_.others.map((run) =>
                   el("li", {"data-run": "other"}, swatch(run.box.colour),
                      el("span", {class: "follow"}, `${run.length} card${run.length === 1 ? "" : "s"}: `
                         + `${COLOURS[run.box.colour][0]} ${run.box.position} ${run.direction}`),
                      cardSvg(top, 40, run.box.position), el("span", {class: "arrow", "aria-hidden": "true"}, "→"),
                      run.cards.map((token, index) =>
                        cardSvg(token, 40, runPosition(run.box, run.direction, index + 1)))))));
}

/** The headline of a Speed CUBU answer: all laid, at most so many, or undecided. */
function speedHeadline(document_) {
  if (document_.solvable === true) return `Every card can be laid: all ${document_.card_count} (${document_.mode} mode).`;
  if (document_.proven) {
    return `At most ${document_.most} of the ${document_.card_count} cards can be laid (${document_.mode} mode).`;
  }
  return `Undecided: ${document_.most} of the ${document_.card_count} cards laid before the time limit stopped the search `
    + `(${document_.mode} mode).`;
}

/** The Speed CUBU grid as SVG: the centre card framed, every laid card at its cell with its laying order. */
function speedGrid(centre, layout) {
  const cell = CARD + 10;
  const cells = [[0, 0], ...layout.map((entry) => entry.cell)];
  const xs = cells.map(([x]) => x);
  const ys = cells.map(([, y]) => y);
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const width = (maxX - minX + 1) * cell + 4;
  const height = (maxY - minY + 1) * cell + 4;
  const corner = ([x, y]) => [2 + (x - minX) * cell + 5, 2 + (maxY - y) * cell + 5];
  const parts = [];
  for (let x = minX; x <= maxX; x += 1) {
    for (let y = minY; y <= maxY; y += 1) {
      const [left, topEdge] = corner([x, y]);
      parts.push(svg("rect", {x: left, y: topEdge, width: CARD, height: CARD, rx: 5, fill: "none", stroke: "#d6d2c8",
                              "stroke-dasharray": "4 4"}));
    }
  }
  /** One card at its cell, scaled from 100 units to the card size. */
  const place = (token, at, attributes) => {
    const [left, topEdge] = corner(at);
    return svg("g", {transform: `translate(${left} ${topEdge}) scale(${CARD / 100})`, ...attributes},
               cardGroup(token) || svg("text", {y: 50}, token));
  };
  const [centreLeft, centreTop] = corner([0, 0]);
  parts.push(place(centre, [0, 0], {"data-centre": centre}),
             svg("rect", {x: centreLeft - 3, y: centreTop - 3, width: CARD + 6, height: CARD + 6, rx: 7, fill: "none",
                          stroke: "var(--accent)", "stroke-width": 3}));
  layout.forEach((entry, index) => {
    const [left, topEdge] = corner(entry.cell);
    parts.push(place(entry.card, entry.cell, {"data-laid": entry.card, "data-cell": entry.cell.join(","),
                                              "data-order": index + 1}),
               svg("circle", {cx: left + 2, cy: topEdge + 2, r: 10, fill: INK, stroke: "#fff", "stroke-width": 2}),
               svg("text", {x: left + 2, y: topEdge + 6.5, "text-anchor": "middle", "font-size": 12, "font-weight": 700,
                            fill: "#fff", "font-family": "system-ui, sans-serif"}, index + 1));
  });
  return svg("svg", {class: "speed-grid", viewBox: `0 0 ${width} ${height}`, width, height, role: "img",
                     "aria-label": `the Speed CUBU grid: the centre card and ${layout.length} laid cards`}, parts);
}

/** Draw the speed answer: headline, the grid in laying order, the cards left in the hand. */
function drawSpeed(document_, drawing, centre, hand) {
  drawing.append(el("p", {class: "headline"}, speedHeadline(document_)),
                 el("p", {class: "muted"}, `${document_.reachable} of the ${document_.card_count} cards connect to the `
                    + "centre in the play graph. The numbers give the laying order; the centre card is framed."),
                 el("div", {class: "speed-scroll"}, speedGrid(centre, document_.layout)));
  const laid = new Set(document_.layout.map((entry) => entry.card.toUpperCase()));
  const leftOut = new Set((document_.left_out || []).map((token) => token.toLowerCase()));
  const left = hand.filter((token) => !laid.has(token.trim().toUpperCase()) && !leftOut.has(token.trim().toLowerCase()));
  if (leftOut.size) {
    drawing.append(el("p", {class: "left-out", "data-left-out": document_.left_out.join(",")},
                      `Left out: ${document_.left_out.join(", ")} (action cards have no place in Speed CUBU).`));
  }
  if (left.length && document_.layout.length < document_.card_count) {
    const size = left.length > 12 ? 30 : 44;  // a long list stays a few rows on a phone
    drawing.append(el("h4", {}, `${document_.proven ? "Not laid" : "Not in the best run found"} (${left.length})`),
                   el("div", {class: "unlaid"},
                      left.map((token) => figure(token, "not laid", size, 0, {"data-unlaid": token}))));
  }
}

// ---- The board: the position of a game in progress ----

/** Speed CUBU: the hand card chosen to lay (then the cells it can go to are shown), or null. */
const table = {chosen: null};

/** The back of a card nobody at this seat can see. */
function cardBack(size) {
  return svg("svg", {viewBox: "0 0 100 100", width: size, height: size, role: "img", "aria-label": "a hidden card"},
    svg("rect", {x: 1, y: 1, width: 98, height: 98, rx: 9, fill: "#3b4252", stroke: INK, "stroke-width": 2}),
    svg("text", {x: 50, y: 66, "text-anchor": "middle", "font-size": 46, "font-weight": 800, fill: "#d8dee9",
                 "font-family": "system-ui, sans-serif"}, "?"));
}

/** One card of the board: its face, a back for "?", or the token as text when it is no card. */
function boardCard(token, size = 34) {
  if (token === "?") return cardBack(size);
  return cardSvg(token, size) || el("span", {class: "raw"}, token);
}

/** A row of cards, or "none". */
function cardRow(tokens, size = 34) {
  if (!tokens.length) return el("span", {class: "muted"}, "none");
  return el("span", {class: "c-cards"}, tokens.map((token) => boardCard(token, size)));
}

/** "3 cards" or "1 card". */
function countCards(count) {
  return `${count} card${count === 1 ? "" : "s"}`;
}

/** "the red box at position 3, going up" for a follow written R3up. */
function followText(follow) {
  const [, colour, position, direction] = FOLLOW.exec(follow) || [];
  if (!colour) return follow;
  return `the ${COLOURS[colour][0]} box at position ${position}, going ${direction}`;
}

/** The seat whose turn it is: the seat to move, or while the table moves, the seat it moves for. */
function turnSeat(position, show) {
  return show.to_move === 0 ? position.turn_seat : show.to_move;
}

/** Each seat's block: its name, whether it moves, its score and what `details(index)` adds, and its hand. */
function seatBlocks(position, show, details) {
  const scores = new Map(show.scores.map((entry) => [entry.seat, entry.score]));
  const moving = turnSeat(position, show);
  return el("div", {class: "c-seats"}, position.hands.map((held, index) => {
    const seat = index + 1;
    return el("div", {class: `c-seat${seat === moving ? " moving" : ""}`, "data-seat": seat},
      el("div", {class: "c-seat-head"},
         el("strong", {}, `Seat ${seat}${seat === moving ? " (its turn)" : ""}`),
         el("span", {class: "muted"}, [`${countCards(held.length)} · score ${scores.get(seat) ?? 0}`, ...details(index)]
           .join(" · "))),
      cardRow(held));
  }));
}

/** Which round of how many, or to how many points: "round 2 of 3", "round 1, to 100 points". */
function gameLength(number, of, target, word) {
  return of ? `${word} ${number} of ${of}` : `${word} ${number}, to ${target} points`;
}

/** A classic game: the top card (its declared box marked while a sequence is laid), the piles, the seats. */
function drawClassic(position, container, show) {
  const laying = position.sequence;
  const declared = laying ? Number((FOLLOW.exec(laying.follow) || [])[2] || 0) : 0;
  const round = (position.round_results || []).length + (position.winner ? 0 : 1);
  fill(container,
    el("p", {class: "c-facts"}, `Classic CUBU, ${gameLength(round, position.rounds, position.target, "round")} · `
       + `dealer seat ${position.dealer} · turn ${(position.turns || 0) + 1}`),
    el("div", {class: "c-centre"},
       el("figure", {"data-top": position.top}, cardSvg(position.top, 72, declared) || boardCard(position.top, 72),
          el("figcaption", {}, laying ? "top card, the box followed marked" : "top card")),
       el("span", {class: "muted"}, `${countCards((position.pile || []).length)} under it · `
          + `${countCards((position.pickup || []).length)} to draw`
          + ((position.spent || []).length ? ` · ${countCards(position.spent.length)} set aside` : ""))),
    laying ? el("p", {class: "c-laying", "data-laying": laying.follow},
                `Laying a sequence: the next card follows ${followText(laying.follow)}; still to come `,
                cardRow(laying.planned, 28), `. Seat ${laying.asked_seat} is asked whether it interrupts.`) : null,
    position.winner ? el("p", {class: "c-laying"}, el("strong", {},
                         `Seat ${position.winner} went out: ${position.points} points.`)) : null,
    seatBlocks(position, show,
               (index) => ((position.skips || [])[index] ? [`misses ${position.skips[index]} turn(s)`] : [])));
}

/** The lays of the seat to move, by card: {card: [move, ...]} (notation CARD@x,y). */
function laysByCard(show) {
  const lays = {};
  if (!show.to_move) return lays;
  for (const move of show.legal_moves) {
    const at = move.lastIndexOf("@");
    if (at > 0 && move.slice(at + 1).includes(",")) (lays[move.slice(0, at)] ||= []).push(move);
  }
  return lays;
}

/** The Speed CUBU grid: the laid cards at their cells (the centre framed), and a button at every
 * cell the chosen card can be laid in, which plays that lay. */
function speedBoard(grid, targets, play) {
  const cellOf = (move) => move.slice(move.lastIndexOf("@") + 1).split(",").map(Number);
  const cells = [...grid.map((entry) => entry.cell), ...targets.map(cellOf)];
  const xs = cells.map(([x]) => x);
  const ys = cells.map(([, y]) => y);
  const [minX, maxY] = [Math.min(...xs), Math.max(...ys)];
  const at = ([x, y]) => `grid-column: ${x - minX + 1}; grid-row: ${maxY - y + 1}`;
  const laid = grid.map((entry) => el("div", {class: `c-cell${entry.cell[0] === 0 && entry.cell[1] === 0 ? " centre" : ""}`,
                                              style: at(entry.cell), "data-laid": entry.card,
                                              "data-cell": entry.cell.join(",")}, cardSvg(entry.card, 44)));
  const open = targets.map((move) => el("button", {type: "button", class: "c-cell", style: at(cellOf(move)),
                                                   "data-lay": move, "aria-label": `lay ${move.replace("@", " at ")}`,
                                                   onclick: () => play(move)}, "+"));
  return el("div", {class: "c-grid-box"}, el("div", {class: "c-grid", role: "group", "aria-label": "the laid cards"},
                                             laid, open));
}

/** The cards of the seat to move that it can lay, as buttons: tapping one chooses it (again: lets it go). */
function layPicker(held, lays, redraw) {
  return el("span", {class: "c-cards c-lay-cards", role: "group", "aria-label": "cards to lay"}, held.map((token) =>
    lays[token]
      ? el("button", {type: "button", class: "c-pick", "data-pick": token, "aria-pressed": String(token === table.chosen),
                      "aria-label": `choose ${token} to lay`,
                      onclick: () => { table.chosen = token === table.chosen ? null : token; redraw(); }},
           boardCard(token, 40))
      : boardCard(token, 40)));
}

/** A Speed CUBU race: the seat to move's cards to lay right above the grid (tap a card, then
 * a cell), the grid, and each seat's hand. */
function drawRace(position, container, show, play) {
  const lays = laysByCard(show);
  const mover = show.to_move;
  const laying = Object.keys(lays).length > 0;
  if (!lays[table.chosen]) table.chosen = null;
  const redraw = () => drawRace(position, container, show, play);
  const race = (position.race_results || []).length + (position.over ? 0 : 1);
  const winners = position.winner_seats || [];
  fill(container,
    el("p", {class: "c-facts"}, `Speed CUBU (${position.follow || "colour"} mode), `
       + `${gameLength(race, position.races, position.target, "race")} · turn round ${position.turn_rounds || 0} · `
       + `${countCards((position.pickup || []).length)} to draw`),
    laying ? el("p", {class: "c-lay-hint"}, table.chosen ? `Seat ${mover}: tap a + to lay ${table.chosen}, or another card.`
      : `Seat ${mover}: tap a card, then where it goes.`) : null,
    laying ? layPicker(position.hands[mover - 1], lays, redraw) : null,
    speedBoard(position.grid, table.chosen ? lays[table.chosen] : [], play),
    position.over ? el("p", {class: "c-laying"}, el("strong", {}, winners.length
      ? `The race is over: seat ${winners.join(" and ")} won ${position.points} points.`
      : "The race is over without a winner.")) : null,
    seatBlocks(position, show,
               (index) => ((position.penalties || [])[index] ? [`penalty ${position.penalties[index]}`] : [])));
}

/** The position drawn: a classic game or a Speed CUBU race. */
function drawPosition(position, container, {show, play}) {
  if (position.mode === "speed") drawRace(position, container, show, play);
  else drawClassic(position, container, show);
}

/** A move as people read it: its cards drawn small, with a few words (the notation is its data-move). */
function moveLabel(move) {
  if (MOVE_WORDS[move]) return MOVE_WORDS[move];
  const small = (token) => boardCard(token, 30);
  const label = (...parts) => el("span", {class: "c-move"}, ...parts);
  if (move.startsWith("deal:")) return label("turn up", small(move.slice(5)));
  const sequence = SEQUENCE.exec(move);
  if (sequence) {
    const [, colour, position, direction] = FOLLOW.exec(sequence[1]);
    return label(swatch(colour), `${COLOURS[colour][0]} ${position} ${direction}`, ...sequence[2].split(",").map(small));
  }
  const at = move.lastIndexOf("@");
  if (at > 0) {
    const where = move.slice(at + 1);
    return label(small(move.slice(0, at)), where.includes(",") ? `at ${where}` : `on seat ${where}`);
  }
  if (readCard(move)) return label(small(move), move);
  return move;
}

/** The table editor: the cards on your table tapped in (your hand, the top or centre card, how
 * many cards the others hold), whose turn it is; `load` takes the position document it builds. */
function tableEditor({load}) {
  const choice = (values, selected, label) =>
    el("select", {"aria-label": label}, values.map((value) => el("option", {value, selected: value === selected || null}, value)));
  const mode = choice(["classic", "speed"], "classic", "the game");
  const players = choice(["2", "3", "4", "5", "6"], "2", "players");
  const you = choice(["1", "2"], "1", "your seat");
  const mover = choice(["1", "2"], "1", "the seat to move");
  const others = el("input", {type: "number", min: 0, max: 47, value: 7, "aria-label": "cards in each other hand"});
  const field = (text, input) => el("label", {class: "deal-field"}, text, input);
  const topField = el("input", {type: "text", class: "notation", placeholder: "D-R-G", autocomplete: "off",
                                spellcheck: "false", "aria-label": "the top card in notation"});
  const handField = el("input", {type: "text", class: "notation", placeholder: "R-G-O,P-L,miss", autocomplete: "off",
                                 spellcheck: "false", "aria-label": "your hand in notation"});
  const topElement = el("div", {class: "zone", id: "table-top", "data-empty": "Tap the top card in"});
  const handElement = el("div", {class: "zone", id: "table-hand", "data-empty": "Tap your cards in"});
  const topZone = zone({zoneElement: topElement, field: topField, draw: (token) => cardSvg(token), max: 1});
  const handZone = zone({zoneElement: handElement, field: handField, draw: (token) => cardSvg(token)});
  let destination = "top";
  const toTop = el("button", {type: "button", "aria-pressed": "true", onclick: () => send("top")}, "Top card");
  const toHand = el("button", {type: "button", "aria-pressed": "false", onclick: () => send("hand")}, "Your hand");
  const {block, parts} = newBuilderParts();
  const put = (token) => {
    if (destination === "top") { topZone.set([token]); send("hand"); } else handZone.add(token);
  };
  const builder = cardBuilder(parts, put, () => (destination === "top" ? `Set as ${toTop.textContent.toLowerCase()}` : "Add to hand"));
  /** Send the next tapped cards to the top card or to the hand. */
  function send(where) {
    destination = where;
    toTop.setAttribute("aria-pressed", String(where === "top"));
    toHand.setAttribute("aria-pressed", String(where === "hand"));
    builder.refresh();
  }
  const actions = el("div", {class: "picker", role: "group", "aria-label": "action cards"});
  picker(actions, Object.keys(ACTIONS), (token) => cardSvg(token, 44), (token) => handZone.add(token));
  const ready = el("div", {class: "picker", role: "group", "aria-label": "ready cards"});
  picker(ready, READY, (token) => cardSvg(token, 44), put);
  const actionsBlock = el("div", {}, el("p", {class: "muted"}, "Action cards (to the hand):"), actions);
  const note = el("p", {class: "c-note", role: "alert"});
  /** The seat choices follow the number of players; Speed CUBU has no action cards and a centre card. */
  function shape() {
    const count = Number(players.value);
    for (const select of [you, mover]) {
      const kept = Math.min(Number(select.value), count);
      fill(select, Array.from({length: count}, (_, index) => el("option", {value: index + 1, selected: index + 1 === kept || null},
                                                                  `seat ${index + 1}`)));
    }
    toTop.textContent = mode.value === "speed" ? "Centre card" : "Top card";
    actionsBlock.hidden = mode.value === "speed";
    builder.refresh();
  }
  mode.addEventListener("change", () => { others.value = mode.value === "speed" ? 10 : 7; shape(); });
  players.addEventListener("change", shape);
  /** The position document of the cards tapped in, or null (and a note) when something is missing. */
  function documentOf() {
    const count = Number(players.value);
    const seat = Number(you.value);
    const hidden = Number(others.value);
    if (topZone.tokens.length !== 1) { note.textContent = `Tap the ${toTop.textContent.toLowerCase()} in first.`; return null; }
    if (!Number.isInteger(hidden) || hidden < 0) { note.textContent = "Give the cards in each other hand as a number."; return null; }
    const hands = Array.from({length: count}, (_, index) => (index + 1 === seat ? handZone.tokens : Array(hidden).fill("?")));
    const speed = mode.value === "speed";
    const known = 1 + hands.flat().length;
    const pickup = Array(Math.max(0, (speed ? DECK_CARDS - ACTION_CARDS : DECK_CARDS) - known)).fill("?");
    const base = {game: "cubu", mode: mode.value, to_move: Number(mover.value), hands, pickup};
    return speed ? {...base, grid: [{card: topZone.tokens[0], cell: [0, 0]}]} : {...base, top: topZone.tokens[0]};
  }
  const use = el("button", {type: "button", class: "primary", "data-action": "use-table", onclick: () => {
    const document_ = documentOf();
    if (!document_) return;
    note.textContent = "";
    details.open = false;
    load(document_);
  }}, "Follow the game from here");
  const details = el("details", {class: "board-tool c-editor", id: "table-editor"},
    el("summary", {}, "Enter the cards on your table"),
    el("p", {class: "help"}, "Your own cards and the top card (the centre card in Speed CUBU) by tapping; the other " +
       "hands and the pickup deck stay hidden. The table names each card as it is drawn."),
    el("div", {class: "row"}, field("Game", mode), field("Players", players), field("You are", you),
       field("To move", mover), field("Cards in each other hand", others)),
    el("div", {class: "row"}, el("span", {class: "muted"}, "Cards go to:"),
       el("span", {class: "destination", role: "group", "aria-label": "where tapped cards go"}, toTop, toHand)),
    block, el("p", {class: "muted"}, "Ready cards:"), ready, actionsBlock,
    el("p", {class: "muted"}, "Top card (tap it to take it away):"), topElement, topField,
    el("p", {class: "muted"}, "Your hand (tap a card to take it away):"), handElement, handField,
    note, el("div", {class: "commands"}, use));
  shape();
  return details;
}

// ---- The questions about tapped-in cards ("More questions") ----

/** Wire up the page: header, the board, and the questions' zones, builder, pickers and answers. */
function main() {
  document.getElementById("header").replaceWith(header("cubu"));
  board("cubu", {
    draw: drawPosition,
    moveLabel,
    deal: [{name: "players", label: "Players", min: 2, max: 6, value: 2},
           {name: "mode", label: "Game", choices: ["classic", "speed"], value: "classic"},
           {name: "rounds", label: "Rounds (Speed: races)", value: "1",
            choices: [["", "none: play to the target (100; Speed CUBU 50)"], "1", "2", "3", "5", "10"]},
           {name: "follow", label: "Speed CUBU follows", value: "",
            choices: [["", "colour (the default)"], "boxes"]}],
    editor: tableEditor,
  });
  questions();
}

/** The questions below the board: the top card and hand tapped in, the longest sequence and Speed CUBU asked. */
function questions() {
  let destination = "top";
  let panel = null;
  /** Mark the questions' answer as belonging to earlier cards once the cards or the settings change. */
  const markStale = () => {
    if (panel && ["done", "error"].includes(panel.element.dataset.state)) panel.element.dataset.stale = "true";
  };
  const topZone = zone({zoneElement: document.getElementById("top-zone"), field: document.getElementById("top-field"),
                        draw: (token) => cardSvg(token), max: 1, onChange: markStale});
  const handZone = zone({zoneElement: document.getElementById("hand-zone"),
                         field: document.getElementById("hand-field"), draw: (token) => cardSvg(token),
                         onChange: markStale});
  const destinationButtons = [...document.querySelectorAll("[data-destination]")];
  /** Where tapped cards go next: "top" (replaces the top card) or "hand". */
  const setDestination = (where) => {
    destination = where;
    destinationButtons.forEach((button) =>
      button.setAttribute("aria-pressed", String(button.dataset.destination === where)));
    builder.refresh();
  };
  /** Put a card where the player chose; after a top card is set, the next cards go to the hand. */
  const put = (token) => {
    if (destination === "top") {
      topZone.set([token]);
      setDestination("hand");
    } else {
      handZone.add(token);
    }
  };
  const builder = cardBuilder(pageBuilderParts(), put, () => (destination === "top" ? "Set as top card" : "Add to hand"));
  destinationButtons.forEach((button) =>
    button.addEventListener("click", () => setDestination(button.dataset.destination)));
  picker(document.getElementById("actions"), Object.keys(ACTIONS), (token) => cardSvg(token, 48),
         (token) => handZone.add(token));
  picker(document.getElementById("ready"), READY, (token) => cardSvg(token, 48), put);
  document.getElementById("clear-hand").addEventListener("click", () => handZone.clear());
  document.getElementById("clear-top").addEventListener("click", () => { topZone.clear(); setDestination("top"); });

  panel = answerPanel(document.getElementById("tool-answer"));
  for (const input of document.querySelectorAll("#limit, #backend, #speed-mode")) {
    input.addEventListener("input", markStale);
  }
  /** Ask a question: the answer is no longer stale, and it comes into view on a phone. */
  const run = (command, options, draw) => {
    delete panel.element.dataset.stale;
    panel.element.scrollIntoView({block: "nearest", behavior: "smooth"});
    panel.run("cubu", command, options, draw);
  };
  document.getElementById("ask-longest").addEventListener("click", () => {
    const options = {top: topZone.text, hand: handZone.text, limit: document.getElementById("limit").value};
    run("longest", options, (document_, drawing) => drawLongest(document_, drawing, options.top));
  });
  document.getElementById("ask-speed").addEventListener("click", () => {
    const hand = handZone.tokens;
    const options = {centre: topZone.text, hand: handZone.text, backend: document.getElementById("backend").value,
                     mode: document.getElementById("speed-mode").value};
    run("speed", options, (document_, drawing) => drawSpeed(document_, drawing, options.centre, hand));
  });
}

main();
