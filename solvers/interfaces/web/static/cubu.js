// The CUBU page: build the top (centre) card and the hand by tapping colours, ready cards
// and action cards; ask for the longest colour sequence or whether a Speed CUBU hand can all
// be laid; draw the answers (the run with its declared box, the Speed CUBU grid in laying
// order). The server checks and solves; this page only draws cards and positions.

import {answerPanel, el, header, picker, svg, zone} from "/static/cardsolve.js";

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

/** The card builder: colour buttons nest boxes innermost first; shows the card live; `put(token)` takes it. */
function cardBuilder(put, putLabel) {
  let built = [];
  const colourButtons = Object.keys(COLOURS).map((letter) =>
    el("button", {type: "button", "data-colour": letter, "aria-label": `add a ${COLOURS[letter][0]} box`,
                  onclick: () => { built.push(letter); show(); }}, swatch(letter), COLOURS[letter][0]));
  document.getElementById("colours").replaceChildren(...colourButtons);
  const putButton = document.getElementById("put-built");
  const undo = document.getElementById("undo-box");
  const clear = document.getElementById("clear-built");
  /** Redraw the preview, the words under it and which buttons can be used. */
  function show() {
    const token = built.join("-");
    document.getElementById("preview").replaceChildren(built.length >= 2 ? cardSvg(token, 96) :
      built.length === 1 ? svg("svg", {viewBox: "0 0 100 100", width: 96, height: 96}, regularFace(built, 0)) :
        emptyCard(96));
    document.getElementById("preview-note").textContent = built.length === 0 ? "tap colours" :
      `${built.length} box${built.length === 1 ? "" : "es"}`;
    document.getElementById("built").textContent = built.length === 0 ? "Innermost box first." :
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
  const left = hand.filter((token) => !laid.has(token.trim().toUpperCase()));
  if (left.length && document_.layout.length < document_.card_count) {
    const size = left.length > 12 ? 30 : 44;  // a long list stays a few rows on a phone
    drawing.append(el("h4", {}, `${document_.proven ? "Not laid" : "Not in the best run found"} (${left.length})`),
                   el("div", {class: "unlaid"},
                      left.map((token) => figure(token, "not laid", size, 0, {"data-unlaid": token}))));
  }
}

/** Wire up the page: header, zones, builder, pickers and the two questions. */
function main() {
  document.getElementById("header").replaceWith(header("cubu"));
  let destination = "top";
  const topZone = zone({zoneElement: document.getElementById("top-zone"), field: document.getElementById("top-field"),
                        draw: (token) => cardSvg(token), max: 1});
  const handZone = zone({zoneElement: document.getElementById("hand-zone"),
                         field: document.getElementById("hand-field"), draw: (token) => cardSvg(token)});
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
  const builder = cardBuilder(put, () => (destination === "top" ? "Set as top card" : "Add to hand"));
  destinationButtons.forEach((button) =>
    button.addEventListener("click", () => setDestination(button.dataset.destination)));
  picker(document.getElementById("actions"), Object.keys(ACTIONS), (token) => cardSvg(token, 48),
         (token) => handZone.add(token));
  picker(document.getElementById("ready"), READY, (token) => cardSvg(token, 48), put);
  document.getElementById("clear-hand").addEventListener("click", () => handZone.clear());
  document.getElementById("clear-top").addEventListener("click", () => { topZone.clear(); setDestination("top"); });

  const panel = answerPanel(document.getElementById("answer"));
  document.getElementById("ask-longest").addEventListener("click", () => {
    const options = {top: topZone.text, hand: handZone.text, limit: document.getElementById("limit").value};
    panel.run("cubu", "longest", options, (document_, drawing) => drawLongest(document_, drawing, options.top));
  });
  document.getElementById("ask-speed").addEventListener("click", () => {
    const hand = handZone.tokens;
    const options = {centre: topZone.text, hand: handZone.text, backend: document.getElementById("backend").value,
                     mode: document.querySelector("input[name='mode']:checked").value};
    panel.run("cubu", "speed", options, (document_, drawing) => drawSpeed(document_, drawing, options.centre, hand));
  });
}

main();
