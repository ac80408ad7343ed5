// The Subito page: on top the board over a game in progress (board.js: a seeded deal or
// your own table, followed card by card, every side valued by `evaluate`); below it the
// sides in play, your pile and the table, entered by tapping drawn
// cards (or typed in the CLI's notation), and the answers of `cardsolve subito optimize`
// (the best placement of the pile, drawn under the eight task cards) and `subito hint`
// (the sides for the card just turned over, ranked by expected points, drawn as bars).
// The server reads, checks and solves everything; this page draws and builds positions.

import {board} from "/static/board.js";
import {answerPanel, ask, el, header, keepFocus, picker, svg, zone} from "/static/cardsolve.js";

const GAME = "subito";
const TASKS = [2, 3, 4, 5, 6, 7, 8, 9];
const COLOUR_LETTERS = ["R", "P", "Y", "G", "L", "D"];
const SYMBOL_LETTERS = ["B", "T", "A", "R", "P", "S"];
const FILL = {R: "#d2372c", P: "#e0579a", Y: "#f2c414", G: "#2e8b3e", L: "#49aee3", D: "#223f8c"};
const DARK_TEXT = new Set(["Y", "L"]);
const INK = "#1d2330";
const FACE_DOWN = "?";

// What the server says about the deck (`subito deck`): its cards, the colour and symbol
// names and the 15 sides with their rules. Filled in by start().
const deck = {cards: [], colours: {}, symbols: {}, sides: []};

/** Replace a node's children, leaving out null, undefined and false (replaceChildren would write them). */
function fill(node, ...children) {
  node.replaceChildren(...children.flat().filter((child) => child !== null && child !== undefined && child !== false));
}

/** "1 card", "3 cards". */
function plural(count, noun) {
  return `${count} ${noun}${count === 1 ? "" : "s"}`;
}

/* ---------- Drawing cards ---------- */

/** A card token's parts ({colour, number, symbol}), or null when it is not a card. */
function cardParts(token) {
  const match = /^([RPYGLD])([1-6])([BTARPS])$/.exec(String(token).trim().toUpperCase());
  return match ? {colour: match[1], number: Number(match[2]), symbol: match[3]} : null;
}

/** A card's name for people: "yellow 4, anchor (Y4A)". */
function cardTitle(token) {
  if (token === FACE_DOWN) return "a face-down card (?)";
  const parts = cardParts(token);
  if (!parts) return token;
  const colour = deck.colours[parts.colour] || parts.colour;
  const symbol = deck.symbols[parts.symbol] || parts.symbol;
  return `${colour} ${parts.number}, ${symbol} (${token})`;
}

/** The shape of a symbol, drawn in a 20 x 20 box around (0, 0), in `ink`. */
function symbolShape(letter, ink) {
  const line = {stroke: ink, "stroke-width": 2, fill: "none", "stroke-linecap": "round"};
  switch (letter) {
    case "B": // burger: bun, patty, bun
      return svg("g", {fill: ink}, svg("path", {d: "M-8,-1 A8,7 0 0 1 8,-1 Z"}),
                 svg("rect", {x: -8.5, y: 1, width: 17, height: 3, rx: 1.5}),
                 svg("rect", {x: -7.5, y: 5.5, width: 15, height: 3.5, rx: 1.5}));
    case "T": // palm tree: a bent trunk and four leaves
      return svg("g", {}, svg("path", {d: "M1,9 Q2,2 -1,-4", ...line}),
                 ...[-35, 15, -150, 160].map((angle) => svg("ellipse", {cx: 0, cy: 0, rx: 5.5, ry: 1.9, fill: ink,
                   transform: `translate(-1,-4) rotate(${angle}) translate(5,0)`})));
    case "A": // anchor: ring, shaft, stock and arms
      return svg("g", line, svg("circle", {cx: 0, cy: -7, r: 2}), svg("path", {d: "M0,-5 V8 M-4,-2 H4"}),
                 svg("path", {d: "M-7,2 Q-6,8.5 0,8.5 Q6,8.5 7,2"}));
    case "R": // rocket: body, window, fins
      return svg("g", {}, svg("path", {d: "M0,-10 C4.5,-6 4.5,2 3,6 H-3 C-4.5,2 -4.5,-6 0,-10 Z", fill: ink}),
                 svg("circle", {cx: 0, cy: -3, r: 1.8, fill: "#fff"}),
                 svg("path", {d: "M-3,1 L-7,8 L-3,6 Z M3,1 L7,8 L3,6 Z M-1.5,7 L0,10 L1.5,7 Z", fill: ink}));
    case "P": // peace sign
      return svg("g", line, svg("circle", {cx: 0, cy: 0, r: 8.5}),
                 svg("path", {d: "M0,-8.5 V8.5 M0,0 L-6,6 M0,0 L6,6"}));
    case "S": { // five-pointed star
      const points = Array.from({length: 10}, (_, k) => {
        const radius = k % 2 ? 4 : 9.5;
        const angle = Math.PI * (k / 5 - 0.5);
        return `${(radius * Math.cos(angle)).toFixed(2)},${(radius * Math.sin(angle) + 0.8).toFixed(2)}`;
      });
      return svg("polygon", {points: points.join(" "), fill: ink});
    }
    default:
      return svg("g");
  }
}

/** A playing card drawn from its token (colour as fill, number, symbol), or null if no card. */
function drawCard(token) {
  if (token === FACE_DOWN) return drawFaceDown();
  const parts = cardParts(token);
  if (!parts) return null;
  const text = DARK_TEXT.has(parts.colour) ? INK : "#fff";
  return svg("svg", {class: "card", viewBox: "0 0 40 56", width: 40, height: 56, role: "img", "data-card": token},
    svg("title", {}, cardTitle(token)),
    svg("rect", {x: 0.5, y: 0.5, width: 39, height: 55, rx: 4, fill: FILL[parts.colour], stroke: "rgba(0,0,0,.35)"}),
    svg("text", {x: 4, y: 15, "font-size": 15, "font-weight": 700, fill: text, "font-family": "system-ui, sans-serif"},
        parts.number),
    svg("g", {transform: "translate(31,9.5) scale(.5)"}, svg("circle", {r: 13, fill: "#fff"}),
        symbolShape(parts.symbol, INK)),
    svg("circle", {cx: 20, cy: 35, r: 13.5, fill: "#fff"}),
    svg("g", {transform: "translate(20,35) scale(1.05)"}, symbolShape(parts.symbol, INK)));
}

/** A card lying face down (task 5 side a): its back with a question mark. */
function drawFaceDown() {
  return svg("svg", {class: "card", viewBox: "0 0 40 56", width: 40, height: 56, role: "img", "data-card": FACE_DOWN},
    svg("title", {}, cardTitle(FACE_DOWN)),
    svg("rect", {x: 0.5, y: 0.5, width: 39, height: 55, rx: 4, fill: "#3b4252", stroke: "#111"}),
    svg("rect", {x: 4, y: 4, width: 32, height: 48, rx: 3, fill: "none", stroke: "#8a93a6", "stroke-dasharray": "3 2"}),
    svg("text", {x: 20, y: 36, "text-anchor": "middle", "font-size": 22, "font-weight": 700, fill: "#e9e6df"}, "?"));
}

/** A black task card: its number (its points) large, its side under it. */
function drawTask(sideName) {
  const number = parseInt(sideName, 10);
  const side = sideName === "2" ? "a = b" : `side ${sideName.slice(-1)}`;
  return svg("svg", {class: "task", viewBox: "0 0 40 56", width: 40, height: 56, role: "img", "data-task": sideName},
    svg("title", {}, `task card ${number}, ${sideName === "2" ? "both sides alike" : side}`),
    svg("rect", {x: 0.5, y: 0.5, width: 39, height: 55, rx: 4, fill: "#15171c", stroke: "#000"}),
    svg("rect", {x: 7, y: 9, width: 26, height: 28, rx: 3, fill: sideName.endsWith("b") ? "#15171c" : "#fff",
                 stroke: "#fff"}),
    svg("text", {x: 20, y: 31, "text-anchor": "middle", "font-size": 22, "font-weight": 800,
                 fill: sideName.endsWith("b") ? "#fff" : "#15171c"}, number),
    svg("text", {x: 20, y: 50, "text-anchor": "middle", "font-size": 9, fill: "#e9e6df"}, side));
}

/* ---------- The sides in play ---------- */

/** The sides of task card `number` (one for task 2, two for the others), from the deck answer. */
function sidesOf(number) {
  return deck.sides.filter((side) => side.points === number);
}

/**
 * The side chooser: per task card its drawing, an a/b switch and the chosen side's rule,
 * kept in step with the notation field ("2,3a,4a,..."). onChange() hears every change.
 */
function sideChooser(container, field, onChange) {
  const listeners = [onChange];
  const changed = () => listeners.forEach((listener) => listener());
  const chosen = new Map(TASKS.map((number) => [number, sidesOf(number)[0].side]));
  const choose = (number, name) => {
    chosen.set(number, name);
    field.value = names().join(",");
    render();
    changed();
  };
  const render = () => container.replaceChildren(...TASKS.map((number) =>
    sideChoice(number, chosen.get(number), (name) => choose(number, name))));
  const names = () => TASKS.map((number) => chosen.get(number));
  field.addEventListener("input", () => {
    for (const token of field.value.split(",")) {
      const name = token.trim().toLowerCase().replace(/^2[ab]$/, "2");
      const side = deck.sides.find((entry) => entry.side === name);
      if (side) chosen.set(side.points, side.side);
    }
    render();
    changed();
  });
  field.value = names().join(",");
  render();
  return {
    get names() { return names(); },
    get text() { return field.value; },
    /** Call `listener()` after every change of a side. */
    listen(listener) { listeners.push(listener); },
    set(list) {
      field.value = list.join(",");
      field.dispatchEvent(new Event("input"));
    },
  };
}

/** One task card in the chooser: drawing, side buttons, rule. pick(name) switches side. */
function sideChoice(number, current, pick) {
  const buttons = sidesOf(number).map((side) => el("button", {
    type: "button", "data-side": side.side, "aria-pressed": String(side.side === current),
    title: side.rule, onclick: () => pick(side.side),
  }, number === 2 ? "a=b" : side.side.slice(-1)));
  const rule = (deck.sides.find((side) => side.side === current) || {}).rule || "";
  return el("div", {class: "side-choice", "data-number": number}, drawTask(current),
            el("div", {class: "segmented", role: "group", "aria-label": `side of task card ${number}`}, buttons),
            el("p", {class: "rule"}, rule));
}

/* ---------- Card pickers ---------- */

/**
 * A card picker: the whole deck at once, colour by colour (the bundled deck's 72 cards, or
 * all 36 number-symbol combinations of each colour for a printed deck that differs), so a
 * card is one tap; cards in `used()` are dimmed. pick(token) hears a tap. Returns
 * {refresh()} to redraw after a change.
 */
function cardPicker(container, {pick, used, faceDown = () => false, label}) {
  let everyCombination = false;
  const grid = el("div", {class: "picker cards deck", role: "group", "aria-label": "the deck"});
  const extra = el("div", {class: "picker-extra"});
  const all = el("input", {type: "checkbox", onchange: () => { everyCombination = all.checked; refresh(); }});
  container.replaceChildren(el("div", {class: "muted"}, label), grid, extra,
    el("label", {class: "combinations"}, all, " every number-symbol combination (your printed deck may differ)"));
  const refresh = () => {
    const focused = [...grid.children].indexOf(document.activeElement);
    picker(grid, COLOUR_LETTERS.flatMap((colour) => tokensOf(colour, everyCombination)), drawCard, pick);
    const taken = used();
    for (const button of grid.querySelectorAll("[data-pick]")) {
      const isUsed = taken.has(button.dataset.pick);
      button.classList.toggle("used", isUsed);
      button.disabled = isUsed;
    }
    if (focused >= 0) keepFocus(grid, focused);  // the card just picked is now disabled
    fill(extra, ...(faceDown() ? [el("button", {type: "button", class: "card-button", "data-pick": FACE_DOWN,
      title: "a face-down card you cannot see", "aria-label": "add a face-down card", onclick: () => pick(FACE_DOWN)},
    drawFaceDown()), el("span", {class: "muted"}, "the opponent's face-down card on 5a")] : []));
  };
  refresh();
  return {refresh};
}

/** The cards a picker shows for a colour: the deck's, or every number-symbol combination. */
function tokensOf(colour, everyCombination) {
  if (!everyCombination) return deck.cards.filter((card) => card[0] === colour);
  return [1, 2, 3, 4, 5, 6].flatMap((number) => SYMBOL_LETTERS.map((symbol) => `${colour}${number}${symbol}`));
}

/* ---------- The old tools' answers ---------- */

/** An answer panel of the tools below the board, which marks its answer stale when its inputs change. */
function toolPanel(container) {
  const panel = answerPanel(container);
  return {
    /** Fade the answer shown: the entries it was asked for have changed since. */
    stale() {
      if (panel.element.dataset.state === "done") panel.element.dataset.stale = "true";
    },
    /**
     * Ask `command` and draw its answer, brought into view (on a phone it is below the
     * button): the work in progress at once, the answer again once drawn (at the foot of
     * the page it only has room to come up once it is there).
     */
    async run(command, options, draw) {
      delete panel.element.dataset.stale;
      panel.element.scrollIntoView({block: "nearest"});
      const view = await panel.run(GAME, command, options, draw);
      panel.element.scrollIntoView({block: "start"});
      return view;
    },
  };
}

/* ---------- Your pile and the best placement ---------- */

/**
 * The pile section: zone and picker, options, and the optimize button with its answer,
 * marked stale when the pile, the options, the sides or (against it) the table change.
 */
function pileSection(sides, table) {
  const field = document.getElementById("pile-field");
  const panel = toolPanel(document.getElementById("optimize-answer"));
  let pickerView = null;
  const pile = zone({zoneElement: document.getElementById("pile"), field, draw: drawCard,
                     onChange: () => { if (pickerView) pickerView.refresh(); panel.stale(); }});
  pickerView = cardPicker(document.getElementById("pile-picker"), {
    label: "Tap the cards of your pile in order, top card first:",
    pick: (token) => pile.add(token), used: () => new Set(pile.tokens),
  });
  document.getElementById("pile-clear").addEventListener("click", () => pile.clear());
  for (const id of ["cards", "vs"]) document.getElementById(id).addEventListener("input", () => panel.stale());
  sides.listen(() => panel.stale());
  table.listen(() => { if (document.getElementById("vs").checked) panel.stale(); });
  document.getElementById("optimize").addEventListener("click", () => {
    const vs = document.getElementById("vs").checked ? table.opponentTable() : null;
    if (vs && !table.shown) return;
    const options = {pile: pile.text, tasks: sides.text, cards: document.getElementById("cards").value};
    if (vs) Object.assign(options, {vs, seat: table.you});
    const context = {pile: pile.tokens, opponent: vs && vs.players[table.you === 1 ? 1 : 0]};
    panel.run("optimize", options, (document_, drawing) => drawPlacement(document_, drawing, context));
  });
  return pile;
}

/**
 * The best placement drawn: the eight task cards, under each the pile's cards placed there
 * (overlapping like roof tiles, first placed on top) and the opponent's count; the cards
 * not placed aside; the points won (or the weighted count and sum without an opponent).
 */
function drawPlacement(answer, drawing, {pile, opponent}) {
  const sides = Object.keys(answer.placed).sort((a, b) => parseInt(a, 10) - parseInt(b, 10));
  const columns = sides.map((side) => {
    const cards = answer.placed[side];
    const theirs = opponent ? (opponent.placed[side] || []).length : null;
    return el("div", {class: "column", "data-side": side}, drawTask(side),
              el("div", {class: "count"}, plural(cards.length, "card")),
              el("div", {class: "stack"}, cards.map(drawCard)),
              theirs === null ? null : el("div", {class: "theirs muted", title: `${opponent.name}'s cards here`},
                                          `vs ${theirs}`));
  });
  const unplaced = pile.slice(answer.card_count);
  const value = answer.won !== null
    ? `wins ${answer.won} points${opponent ? ` against ${opponent.name}` : ""}`
    : `points × cards ${answer.weighted_count}, points × numbers ${answer.weighted_sum}`;
  fill(drawing,
    el("p", {class: "verdict"}, el("strong", {}, `${plural(answer.card_count, "card")} placed: ${value}`)),
    el("div", {class: "placement"}, columns),
    opponent ? el("div", {class: "muted"}, `vs n: ${opponent.name}'s cards on that task card.`) : null,
    unplaced.length ? el("div", {class: "aside"}, el("div", {class: "muted"}, `Not placed (${unplaced.length}):`),
                         el("div", {class: "unplaced"}, unplaced.map(drawCard))) : null);
}

/* ---------- The table and the hint ---------- */

/**
 * The table builder: per player a tab, per task card a slot of the cards placed there
 * (tap the slot to aim the picker at it, tap a card in it to remove it), the card just
 * turned over, and the table's JSON (the CLI's TABLE.json) kept in step with them.
 * Slots are kept by task number, so a task card turned to its other side keeps its cards.
 */
class TableBuilder {
  /** Build the slots, the picker and the field's handlers; `sides` is the side chooser. */
  constructor(sides) {
    this.sides = sides;
    this.names = ["Player 1", "Player 2"];
    this.entry = 0;
    this.target = {entry: 0, number: 2};
    this.applying = false;
    this.listeners = [];
    this.field = document.getElementById("table-field");
    this.player = document.getElementById("player");
    this.slots = [0, 1].map((entry) => new Map(TASKS.map((number) => [number, this.makeSlot(entry, number)])));
    this.turned = zone({zoneElement: document.getElementById("turned"), field: document.getElementById("turned-field"),
                        draw: drawCard, max: 1, onChange: () => this.changed()});
    this.picker = cardPicker(document.getElementById("table-picker"), {
      label: "Tap a task card above (or the card turned over), then its cards:",
      pick: (token) => this.pick(token), used: () => this.used(), faceDown: () => this.targetIsFiveA(),
    });
    this.field.addEventListener("input", () => this.applyJson(this.field.value));
    this.player.addEventListener("change", () => this.renderTabs());
    document.getElementById("turned-aim").addEventListener("click",
                                                           () => this.aim({entry: this.entry, number: "turned"}));
    document.getElementById("table-clear").addEventListener("click", () => this.clear());
    this.renderTabs();
    this.renderSlots();
    this.changed();
  }

  /** One slot: a zone of the cards `entry` placed on task card `number` (its field stays hidden). */
  makeSlot(entry, number) {
    const zoneElement = el("div", {class: "zone", id: `slot-${entry + 1}-${number}`, "data-empty": "none"});
    const field = el("input", {type: "hidden"});
    return {zoneElement, zone: zone({zoneElement, field, draw: drawCard, onChange: () => this.changed()})};
  }

  /** After any change: rewrite the JSON field (unless it is the source) and the picker's dimmed cards. */
  changed() {
    if (!this.applying) this.field.value = JSON.stringify(this.table());
    this.field.classList.remove("invalid");
    document.getElementById("table-message").textContent = "";
    if (this.picker) this.picker.refresh();
    for (const listener of this.listeners) listener();
  }

  /** Call `listener()` after every change of the table or the card turned over. */
  listen(listener) {
    this.listeners.push(listener);
  }

  /** Whether the JSON field holds a table the slots show (not while it is being typed and does not parse). */
  get shown() {
    if (!this.field.classList.contains("invalid")) return true;
    document.getElementById("table-message").textContent =
      "The table's JSON does not parse: fix it, or tap Clear the table.";
    this.field.focus();
    return false;
  }

  /** You: player 1 or 2 of the table. */
  get you() { return Number(this.player.value); }

  /** The card turned over, in the notation. */
  get card() { return this.turned.text; }

  /** The cards `entry` placed, by the name of the side in play. */
  placed(entry) {
    return Object.fromEntries(TASKS.map((number, k) => [this.sides.names[k], this.slots[entry].get(number).zone.tokens])
      .filter(([, cards]) => cards.length));
  }

  /** The table as the CLI reads it (TABLE.json). */
  table() {
    const players = [0, 1].map((entry) => ({name: this.names[entry], placed: this.placed(entry)}));
    return {tasks: this.sides.names, players};
  }

  /** The table as `optimize --vs` reads it: your own entry left empty. */
  opponentTable() {
    const table = this.table();
    table.players[this.you - 1].placed = {};
    return table;
  }

  /** Aim the picker at a slot ({entry, number}) or at the card turned over (number "turned"). */
  aim(target) {
    this.target = target;
    this.renderSlots();
    this.picker.refresh();
  }

  /** A card tapped in the picker goes where the picker is aimed. */
  pick(token) {
    if (this.target.number === "turned") this.turned.set([token]);
    else this.slots[this.target.entry].get(this.target.number).zone.add(token);
  }

  /** Every card already on the table or turned over (the picker dims them). */
  used() {
    const slotted = [0, 1].flatMap((entry) => TASKS.flatMap((number) => this.slots[entry].get(number).zone.tokens));
    return new Set([...this.turned.tokens, ...slotted].filter((token) => token !== FACE_DOWN));
  }

  /** Whether the picker is aimed at task 5 side a, where the opponent's cards lie face down. */
  targetIsFiveA() {
    return this.target.number === 5 && this.sides.names[3] === "5a";
  }

  /** The players' tabs, "(you)" after your entry. */
  renderTabs() {
    const tabs = document.getElementById("table-tabs");
    const focused = tabs.contains(document.activeElement) ? document.activeElement.dataset.entry : undefined;
    tabs.replaceChildren(...[0, 1].map((entry) => el("button", {
      type: "button", role: "tab", "data-entry": entry + 1, "aria-selected": String(entry === this.entry),
      onclick: () => { this.entry = entry; this.renderTabs(); this.aim({entry, number: this.target.number}); },
    }, `${this.names[entry]}${this.you === entry + 1 ? " (you)" : ""}`)));
    if (focused) tabs.querySelector(`[data-entry="${focused}"]`)?.focus({preventScroll: true});
  }

  /** The shown player's eight slots, the one aimed at marked. */
  renderSlots() {
    const slots = document.getElementById("table-slots");
    const focused = slots.contains(document.activeElement) ? document.activeElement.dataset.slot : undefined;
    slots.replaceChildren(...TASKS.map((number, k) => {
      const isTarget = this.target.entry === this.entry && this.target.number === number;
      const label = `put cards on task card ${this.sides.names[k]}`;
      const head = el("button", {type: "button", class: "slot-head", "data-slot": number,
                                 "aria-pressed": String(isTarget), "aria-label": label,
                                 onclick: () => this.aim({entry: this.entry, number})},
                      drawTask(this.sides.names[k]), el("span", {}, isTarget ? "adding here" : "tap to add here"));
      return el("div", {class: `slot${isTarget ? " target" : ""}`, "data-number": number}, head,
                this.slots[this.entry].get(number).zoneElement);
    }));
    document.getElementById("turned-box").classList.toggle("target", this.target.number === "turned");
    if (focused) slots.querySelector(`[data-slot="${focused}"]`)?.focus({preventScroll: true});
  }

  /** Take a table typed or pasted as JSON: the sides, the names and every slot. */
  applyJson(text) {
    let table;
    try {
      table = JSON.parse(text);
      if (!table || !Array.isArray(table.players) || table.players.length !== 2) {
        throw new Error("a table has two players");
      }
    } catch (error) {
      this.field.classList.add("invalid");
      document.getElementById("table-message").textContent = `Not a table yet: ${error.message}`;
      return;
    }
    this.applying = true;
    if (Array.isArray(table.tasks)) this.sides.set(table.tasks.map(String));
    table.players.forEach((entry, index) => {
      if (entry && typeof entry.name === "string" && entry.name) this.names[index] = entry.name;
      const placed = (entry && entry.placed) || {};
      for (const number of TASKS) {
        const key = Object.keys(placed).find((side) => parseInt(side, 10) === number);
        this.slots[index].get(number).zone.set(key && Array.isArray(placed[key]) ? placed[key].map(String) : []);
      }
    });
    this.applying = false;
    this.renderTabs();
    this.renderSlots();
  }

  /** Take every card off the table. */
  clear() {
    for (const entry of [0, 1]) for (const number of TASKS) this.slots[entry].get(number).zone.clear();
    this.turned.clear();
  }

  /** Redraw the slots' task cards and the JSON after the sides changed. */
  sidesChanged() {
    this.renderSlots();
    this.changed();
  }
}

/**
 * The hint button: asks `subito hint` with the table, the card turned over and the
 * options; its answer is marked stale when any of them changes.
 */
function hintSection(table) {
  const panel = toolPanel(document.getElementById("hint-answer"));
  table.listen(() => panel.stale());
  for (const id of ["player", "samples"]) document.getElementById(id).addEventListener("input", () => panel.stale());
  document.getElementById("hint").addEventListener("click", () => {
    if (!table.shown) return;
    const options = {table: table.table(), card: table.card, seat: table.you,
                     samples: document.getElementById("samples").value};
    panel.run("hint", options, drawHint);
  });
}

/** The bars' scale: from a little under the lowest estimate to a little over the highest. */
function hintScale(ranking) {
  const means = ranking.map((entry) => entry.expected);
  const spread = Math.max(...ranking.map((entry) => entry.stderr), 0.5);
  const low = Math.max(0, Math.floor(Math.min(...means) - 3 * spread));
  const high = Math.ceil(Math.max(...means) + 2 * spread);
  return {low, high, at: (value) => `${(100 * (value - low) / Math.max(high - low, 1)).toFixed(2)}%`};
}

/** One side's bar: its task card, its expected points with a ± one standard error whisker;
 * `tied` the sides as good as the best within the noise (the server's). */
function hintBar(entry, {at}, tied) {
  const from = at(entry.expected - entry.stderr);
  const to = at(entry.expected + entry.stderr);
  const track = el("div", {class: "track"}, el("div", {class: "bar", style: `width: ${at(entry.expected)}`}),
                   el("div", {class: "whisker", style: `left: ${from}; width: calc(${to} - ${from})`}));
  const cost = `over 12: loses task ${parseInt(entry.side, 10)}`;
  const value = el("div", {class: "value"}, el("strong", {}, entry.expected.toFixed(2)),
                   ` ± ${entry.stderr.toFixed(2)}`,
                   tied.has(entry.side) ? el("span", {class: "badge good"}, tied.size > 1 ? "tied best" : "best") : null,
                   entry.loses_task ? el("span", {class: "badge bad"}, cost) : null);
  return el("div", {class: `bar-row${tied.has(entry.side) ? " best" : ""}${entry.loses_task ? " loses" : ""}`,
                    "data-side": entry.side}, drawTask(entry.side), track, value);
}

/**
 * The hint drawn: the card on its best side, then every side that takes the card as a bar
 * of its expected points (the best marked, the sides within the noise of it as tied best,
 * a side that loses task 5 in red), and the sides that refuse the card.
 */
function drawHint(answer, drawing) {
  const scale = hintScale(answer.ranking);
  const tied = new Set(answer.tied);
  const others = answer.tied.filter((side) => side !== answer.best);
  const faceDown = answer.face_down
    ? `${plural(answer.face_down, "face-down card")} of the opponent on 5a: drawn from the unseen cards.`
    : null;
  fill(drawing,
    el("div", {class: "hint-verdict"}, el("span", {}, "Place"), drawCard(answer.card), el("span", {}, "on"),
       drawTask(answer.best), el("span", {}, `${answer.ranking[0].expected.toFixed(2)} expected points`),
       others.length ? el("span", {class: "badge unsure"}, `tied within the noise with ${others.join(", ")}`) : null),
    el("div", {class: "muted"}, `Your expected round points over ${answer.samples} rollouts per side `
                                + `(bars from ${scale.low} to ${scale.high}):`),
    el("div", {class: "bars"}, answer.ranking.map((entry) => hintBar(entry, scale, tied))),
    answer.refused.length ? el("div", {class: "refused"}, el("span", {class: "muted"}, "Not accepted:"),
                               answer.refused.map(drawTask)) : null,
    faceDown && el("p", {class: "muted"}, faceDown));
}

/* ---------- The board: the game in progress ---------- */

/** The cards a side of the table places in a round. */
const PILE_SIZE = 36;
/** The seeded deal's options, as `cardsolve subito start` reads them. */
const DEAL_OPTIONS = [
  {name: "players", label: "Players", min: 2, max: 4, value: 2},
  {name: "sides", label: "Sides of rounds 2 and 3", choices: ["a", "b", "random"], value: "random"},
  {name: "rounds", label: "Rounds", min: 1, max: 3, value: 3},
];
/** The evaluation's effort: `evaluate --samples`. */
const EFFORT = [{name: "samples", label: "Rollouts per side", min: 1, max: 100000, value: 1024}];

/** The board (board.js) once built, and the table builder of the tools below it. */
const live = {board: null, table: null};

/** One side of the table's cards on a side in play, overlapping like roof tiles, with their count. */
function boardStack(player, side, entry) {
  const cards = player.placed[side] || [];
  return el("div", {class: `board-stack entry-${entry + 1}`, "data-entry": entry + 1,
                    title: `${player.name}: ${plural(cards.length, "card")} on ${side}`},
    el("span", {class: "count"}, cards.length), el("div", {class: "stack"}, cards.map(drawCard)));
}

/** The sides in play, under each the cards each side of the table has placed there (the first on the left). */
function boardTable(table) {
  return el("div", {class: "board-table"}, table.tasks.map((side) =>
    el("div", {class: "column", "data-side": side}, drawTask(side),
       el("div", {class: "board-stacks"}, table.players.map((player, entry) => boardStack(player, side, entry))))));
}

/** The points so far: each finished round's by seat and the totals. */
function boardPoints(position, show) {
  if (!position.round_points.length) return null;
  const rounds = position.round_points.map((points, index) =>
    `round ${index + 1}: ${points.map((value, seat) => `seat ${seat + 1} ${value}`).join(", ")}`);
  const totals = show.scores.map((entry) => `seat ${entry.seat} ${entry.score}`).join(", ");
  return el("p", {class: "board-points"}, `Points, ${rounds.join("; ")}. Total: ${totals}.`);
}

/**
 * The table's turn when the pile's order is not known (a table entered by tapping): the
 * whole deck, the cards that can come enabled; a tap plays the card turned over.
 */
function turnPicker(moves) {
  const legal = new Set(moves);
  return el("div", {class: "board-turn"},
    el("p", {}, el("strong", {}, "Which card was turned over? Tap it:")),
    el("div", {class: "picker cards deck", role: "group", "aria-label": "the card turned over"},
       deck.cards.map((card) => el("button", {type: "button", class: `card-button${legal.has(card) ? "" : " used"}`,
         "data-turn": card, disabled: !legal.has(card) || null, "aria-label": `the table turns over ${card}`,
         onclick: () => live.board.play(card)}, drawCard(card)))));
}

/**
 * The position drawn: the round, the sides in play with each side of the table's cards,
 * the card turned over (or the deck to tap it in, when any unseen card may come), the
 * cards left in the piles and the points so far.
 */
function drawBoard(position, container, {show}) {
  const {table} = position;
  const seat = show.to_move;
  const names = table.players.map((player, entry) => `${entry ? "right" : "left"}: ${player.name}`).join(", ");
  const piles = position.piles.map((pile, index) => `seat ${index + 1} ${pile.length}`).join(", ");
  const turned = position.turned
    ? el("div", {class: "board-turned"}, drawCard(position.turned),
         el("span", {}, `Seat ${seat} has turned over ${position.turned}: tap the side it goes on in the answer.`))
    : null;
  fill(container,
    el("p", {class: "board-round"}, el("strong", {}, `Round ${position.round} of ${position.rounds}`),
       ` · the cards on each task card (${names})`),
    boardTable(table),
    turned,
    seat === 0 && show.legal_moves.length > 1 ? turnPicker(show.legal_moves) : null,
    el("p", {class: "muted"}, `Cards left in the piles: ${piles}.`),
    boardPoints(position, show));
}

/**
 * A move as people see it: a card turned over drawn, or the card turned over drawn on the
 * side it is placed on (so the answer reads alone, as on a phone where it covers the board).
 */
function moveLabel(move, position) {
  if (position.to_move === 0) {
    return el("span", {class: "move-label"}, drawCard(move) || "", `turn over ${move}`);
  }
  return el("span", {class: "move-label"}, drawCard(position.turned) || "", drawTask(move),
            `${position.turned} on ${move}`);
}

/**
 * The table entered below as a position of the board: round 1 of 1, the cards each side of
 * the table has placed and the card turned over as tapped, the piles unknown ("?"); the
 * seat to move is the one whose turn the counts say it is (the first side of the table
 * begins). The server checks the rest.
 */
function tablePosition(builder) {
  const table = builder.table();
  const counts = table.players.map((player) => Object.values(player.placed).reduce((sum, cards) => sum + cards.length, 0));
  const turned = builder.card || null;
  const next = counts[0] === counts[1] ? 0 : 1;
  const left = counts.map((count, entry) => Math.max(0, PILE_SIZE - count - (turned && entry === next ? 1 : 0)));
  return {game: GAME, to_move: turned ? next + 1 : 0, history: [], round: 1, rounds: 1, table, turned,
          piles: left.map((size) => Array(size).fill(FACE_DOWN)), round_points: [], later: []};
}

/** Follow the table entered below on the board, from the cards on it now. */
function followTable() {
  if (!live.table.shown) return;
  live.board.load(tablePosition(live.table));
  document.getElementById("board-panel").scrollIntoView({block: "start"});
}

/** The board's editor: how to enter the cards on your own table by tapping, and the button that follows it. */
function tableEditor() {
  return el("details", {class: "board-tool", id: "board-editor"}, el("summary", {}, "Your own table, by tapping"),
    el("p", {class: "help"}, "Under More questions below, tap the sides in play, the cards each player has placed ",
       "and the card just turned over (or none); then follow that table here. The piles are unknown to the board: ",
       "when the table turns a card over, tap it in the deck."),
    el("div", {class: "commands"},
       el("button", {type: "button", onclick: () => document.getElementById("sides-panel").scrollIntoView({block: "start"})},
          "Go to the table"),
       el("button", {type: "button", class: "primary", "data-action": "follow-table", onclick: followTable},
          "Follow that table")));
}

/* ---------- Deal, and the start ---------- */

/** The deal button: `subito deal --seed S` fills the sides in play and your pile (player 1's). */
function dealButton(sides, pile) {
  const button = document.getElementById("deal");
  const note = document.getElementById("deal-note");
  button.addEventListener("click", async () => {
    button.disabled = true;
    note.textContent = "Dealing…";
    const options = {seed: document.getElementById("seed").value, sides: document.getElementById("round-sides").value};
    const result = await ask(GAME, "deal", options);
    button.disabled = false;
    if (!result.ok) {
      note.textContent = result.error;
      return;
    }
    const dealt = result.view.document;
    sides.set(dealt.tasks.map((task) => task.side));
    pile.set(dealt.piles[0]);
    note.replaceChildren("Dealt: ", el("code", {}, result.view.line),
                         ` (your pile is P1's, ${plural(dealt.piles[0].length, "card")})`);
  });
}

/** Load the deck and the sides from the server, then build the page: the board first, the tools below it. */
async function start() {
  document.getElementById("header").replaceWith(header(GAME));
  const loading = document.getElementById("loading");
  const result = await ask(GAME, "deck", {});
  if (!result.ok) {
    loading.textContent = `The deck could not be loaded: ${result.error}`;
    return;
  }
  Object.assign(deck, result.view.document);
  loading.remove();
  live.board = board(GAME, {draw: drawBoard, moveLabel, deal: DEAL_OPTIONS, effort: EFFORT, editor: tableEditor});
  let table = null;
  const sides = sideChooser(document.getElementById("sides"), document.getElementById("tasks-field"),
                            () => table && table.sidesChanged());
  table = new TableBuilder(sides);
  live.table = table;
  const pile = pileSection(sides, table);
  hintSection(table);
  dealButton(sides, pile);
  document.getElementById("follow-table").addEventListener("click", followTable);
  document.body.dataset.ready = "true";
}

start();
