// The board every game page is built on: a position of the game's State (the document
// `cardsolve <game> start` and `apply` write) that follows the game at the table. The
// board keeps the position's history (undo, redo), writes the position into the address
// (`?position=<document>`) and into the browser's storage, draws the position with the
// game's own picture, and after every change asks the server by itself for the legal
// moves (`show`) and, when a seat decides, the value of every option (`evaluate`). The
// answer region `#answer` says in `data-state` whether what it shows belongs to the
// position on the board: fresh, stale (it belongs to an earlier one), working (nothing to
// show yet) or error. Each option that can be played carries `data-move`; tapping it plays
// it. A page supplies only how its position and its moves look.

import {ask, el, fill, stopwatch} from "/static/cardsolve.js";

const EVALUATE_DELAY_MS = 150;
/** How long the board waits after a change before it asks for the values (taps in a row ask once). */
/** How often the elapsed time of a request in flight is redrawn. */
const KEPT_POSITIONS = 300;
/** The most positions the history keeps (the oldest are let go). */
const LISTED_MOVES = 60;
/** The most unvalued moves listed as buttons at once; a filter finds the others. */

/** The position in the address, or null; a parameter that is not JSON is an error naming it. */
function positionInAddress() {
  const text = new URLSearchParams(location.search).get("position");
  if (text === null || text.trim() === "") return null;
  try {
    return {document: JSON.parse(text)};
  } catch (error) {
    return {error: `the address's position is not JSON (${error.message}): ${text.slice(0, 60)}`};
  }
}

/** A number written short: at most 4 significant digits, integers as they are. */
export function number(value) {
  if (typeof value !== "number") return String(value);
  if (Number.isInteger(value)) return String(value);
  return String(Number(value.toPrecision(4)));
}

/** An option's value as people read it: yes/no for a verdict, "aim: verdict" for several,
 * a number with its error for an estimate. */
function valueText(option) {
  if (typeof option.value === "boolean") return option.value ? "yes" : "no";
  if (option.value === null || option.value === undefined) return "not valued";
  if (typeof option.value === "object") {  // a verdict for each of several aims (a chip each, say)
    return Object.entries(option.value).map(([aim, verdict]) => `${aim}: ${verdict}`).join(" · ");
  }
  const error = typeof option.error === "number" ? ` ± ${Number(option.error.toPrecision(2))}` : "";
  return `${number(option.value)}${error}`;
}

/** Each option's rank among the options (in the server's order, best first): equal values
 * share a rank ("=5") unless the server ranks one of them best and not the other (it may
 * order equal values by a second measure, as Ubongo's moves to the call). */
function ranks(options, best) {
  const ranked = [];
  options.forEach((option, index) => {
    const previous = index > 0 ? options[index - 1] : null;
    const tied = previous !== null && JSON.stringify(previous.value) === JSON.stringify(option.value) &&
      best.has(previous.move) === best.has(option.move);
    const rank = tied ? ranked[index - 1].rank : index + 1;
    ranked.push({rank, tied});
  });
  ranked.forEach((entry, index) => {
    const next = ranked[index + 1];
    if (next && next.rank === entry.rank) entry.tied = true;
  });
  return ranked;
}

/** The details of an option beyond its move and value (the game's own fields): "name: value", a
 * count named by what it counts ("moves to call: 7"), a flag by its name when it holds. */
function extras(option) {
  return Object.entries(option)
    .filter(([key, value]) => !["move", "value", "proven", "error"].includes(key) && value !== null &&
                              value !== false && typeof value !== "object")
    .map(([key, value]) => {
      const name = key.replace(/_count$/, "").replaceAll("_", " ");
      return value === true ? name : `${name}: ${typeof value === "number" ? number(value) : value}`;
    });
}

/**
 * The board of `game` (the API's name of the game), built into the page's `#board-panel` and
 * `#answer-panel` sections. `view`: the game's pictures, each optional:
 * - draw(position, container, {show, pictures, play}): the position drawn, `show` the server's answer
 *   to `show`, `pictures` its SVG pictures of the position (text, by name; the game's own drawing,
 *   e.g. an Ubongo table) and `play(move)` plays a move (the default picture is the text `show` prints);
 * - moveLabel(move, position): an element or text for a move in the answer;
 * - deal: the options of a seeded deal besides the seed, [{name, label, choices|min/max, value}]; a choice
 *   is a value or a [value, label] pair, and the value "" (or an empty number) leaves the option to the game;
 * - effort: number fields beside the answer, each an option of `evaluate` (its samples, say):
 *   [{name, label, min, max, value}]; a change asks again.
 * Returns the board: its `position`, `play(move)`, `load(document)`, `undo()`, `redo()`.
 */
export function board(game, view = {}) {
  const storageKey = `cardsolve.board.${game}`;
  const section = document.getElementById("board-panel");
  const answerSection = document.getElementById("answer-panel");
  const picture = el("div", {class: "board-view", id: "board-view"});
  const whose = el("p", {class: "board-whose", id: "board-whose", "aria-live": "polite"});
  const undoButton = el("button", {type: "button", "data-action": "undo", title: "Undo the last move"}, "↶ Undo");
  const redoButton = el("button", {type: "button", "data-action": "redo", title: "Play the undone move again"}, "Redo ↷");
  const answer = el("div", {id: "answer", class: "board-answer", "data-state": "working", "aria-live": "polite"});
  const status = el("p", {class: "board-status"});
  const content = el("div", {class: "board-content"});
  answer.append(status, content);

  const state = {history: [], index: -1, show: null, generation: 0, controller: null, timer: null, watch: null,
                 note: ""};

  const current = () => state.history[state.index] ?? null;

  function persist() {
    const position = current();
    if (position === null) return;
    const address = new URL(location.href);
    address.searchParams.set("position", JSON.stringify(position));
    history.replaceState(null, "", address);
    try {
      localStorage.setItem(storageKey, JSON.stringify({history: state.history, index: state.index}));
    } catch (error) {  // storage full or refused: the address still holds the position
      console.warn("the board's history was not stored:", error);
    }
  }

  function restore(addressed) {
    let stored = null;
    try {
      stored = JSON.parse(localStorage.getItem(storageKey) || "null");
    } catch (error) {
      stored = null;
    }
    const valid = stored && Array.isArray(stored.history) && Number.isInteger(stored.index) &&
      stored.index >= 0 && stored.index < stored.history.length;
    if (addressed) {
      // The address decides; the stored history is kept when it leads to the same position.
      if (valid && JSON.stringify(stored.history[stored.index]) === JSON.stringify(addressed)) {
        state.history = stored.history;
        state.index = stored.index;
      } else {
        state.history = [addressed];
        state.index = 0;
      }
      return true;
    }
    if (valid) {
      state.history = stored.history;
      state.index = stored.index;
      return true;
    }
    return false;
  }

  /** Make `position` the current one, after the current one (the redo history is let go);
   * `shown`, the server's `show` of it when the board has it already. */
  function push(position, shown = null) {
    state.history = state.history.slice(0, state.index + 1);
    state.history.push(position);
    if (state.history.length > KEPT_POSITIONS) state.history.splice(0, state.history.length - KEPT_POSITIONS);
    state.index = state.history.length - 1;
    changed(shown);
  }

  function buttons() {
    undoButton.disabled = state.index <= 0;
    redoButton.disabled = state.index >= state.history.length - 1;
  }

  /** The request in flight is abandoned (the server stops its worker) and none is waiting. */
  function cancel() {
    clearTimeout(state.timer);
    if (state.watch) state.watch.end();
    state.timer = null;
    if (state.controller) state.controller.abort();
    state.controller = null;
  }

  /** Mark what the answer shows as belonging to an earlier position: nothing in it can be played. */
  function markStale() {
    if (answer.dataset.state === "fresh" || answer.dataset.state === "stale") {
      answer.dataset.state = "stale";
      for (const button of content.querySelectorAll("[data-move]")) {
        button.dataset.oldMove = button.dataset.move;
        delete button.dataset.move;
        button.disabled = true;
      }
    } else {
      answer.dataset.state = "working";
      fill(content);
    }
  }

  /** Show that the board is asking `command` (`what` it asks, in words): the elapsed time, a Stop button. */
  function working(command, what) {
    const label = answer.dataset.state === "stale" ? `Working on the new position (${what})… ` : `Working (${what})… `;
    if (state.watch) state.watch.end();
    state.watch = stopwatch(status, label, stopped);
    answer.dataset.busy = command;
  }

  function idle() {
    if (state.watch) state.watch.end();
    delete answer.dataset.busy;
  }

  function stopped(after) {
    state.generation += 1;  // the abandoned request's answer, if any, is not shown
    cancel();
    idle();
    const seconds = after.toFixed(1);
    if (answer.dataset.state !== "stale") answer.dataset.state = "error";
    fill(status, el("span", {class: "error"}, `Stopped after ${seconds} s. `),
                           el("button", {type: "button", "data-action": "ask", onclick: () => refresh(0)}, "Ask again"));
  }

  function failed(message) {
    idle();
    answer.dataset.state = "error";
    fill(status, el("span", {class: "error"}, message));
    fill(content);
  }

  /** Ask the server for `command` of the current position; null when this request was overtaken. */
  async function request(command, options, generation) {
    state.controller = new AbortController();
    const result = await ask(game, command, options, state.controller.signal);
    if (generation !== state.generation) return null;
    state.controller = null;
    return result;
  }

  function changed(shown = null) {
    buttons();
    persist();
    refresh(EVALUATE_DELAY_MS, shown);
  }

  /** Draw the position, then ask for its legal moves (unless `known`, the server's `show` of
   * it, is given) and its values (after `delay` ms). */
  async function refresh(delay, known = null) {
    cancel();
    const generation = ++state.generation;
    const position = current();
    markStale();
    if (!known) working("show", "the legal moves");
    const shown = known || await request("show", {position}, generation);
    if (shown === null) return;
    if (!shown.ok) {
      fill(picture, el("p", {class: "error"}, "This position cannot be played: see the answer."));
      failed(shown.error);
      return;
    }
    state.show = shown.view.document;
    complete(state.show.position);
    drawPosition(shown.view);
    if (state.show.to_move === null || state.show.to_move === 0) {
      idle();
      answer.dataset.state = "fresh";
      if (state.show.to_move === null) gameOver();
      else unvalued("The table decides: tap what happened at the table.", state.show.legal_moves);
      return;
    }
    state.timer = setTimeout(() => evaluate(generation), delay);
  }

  async function evaluate(generation) {
    working("evaluate", "the value of every option");
    const options = {position: current()};
    for (const field of effortFields) {
      if (!field.checkValidity()) {  // asked of the server it would read as "no value here"
        failed(`${field.closest("label").firstChild.textContent}: ${field.validationMessage}`);
        return;
      }
      if (field.value !== "") options[field.name] = Number(field.value);
    }
    const valued = await request("evaluate", options, generation);
    if (valued === null) return;
    idle();
    if (!valued.ok) {
      if (valued.status === 400) {  // the rules have no value here (a draft, say): the moves, unvalued
        answer.dataset.state = "fresh";
        unvalued(`Not valued here: ${valued.error.replace(/^error: /, "")}`, state.show.legal_moves);
        return;
      }
      failed(valued.error);
      return;
    }
    answer.dataset.state = "fresh";
    valuedOptions(valued.view.document);
  }

  function moveButton(move, label) {
    return el("button", {type: "button", class: "move", "data-move": move, title: `play ${move}`,
                         onclick: () => play(move)}, label ?? move);
  }

  function label(move) {
    return view.moveLabel ? view.moveLabel(move, current()) : move;
  }

  /** The valued options of `evaluate`: ranked, the best marked, ties as ties, estimates with their error. */
  function valuedOptions(document) {
    const best = new Set(document.best || []);
    const seat = document.to_move;
    const placed = ranks(document.options, best);
    const proven = document.options.length > 0 && document.options.every((option) => option.proven);
    fill(status,
      noted(),
      el("strong", {}, `Seat ${seat} to move: ${document.options.length} option${document.options.length === 1 ? "" : "s"}`),
      el("span", {class: `badge ${proven ? "good" : "unsure"}`, "data-proven": String(proven)},
         proven ? "proven" : "estimated"),
    );
    const list = el("ol", {class: "board-options"}, document.options.map((option, index) => {
      const isBest = best.has(option.move);
      const {rank, tied} = placed[index];
      const mark = !isBest ? (tied ? `=${rank}` : `${rank}`)
        : best.size === 1 ? "best" : tied ? "tied best" : "best within the noise";
      return el("li", {class: isBest ? "best" : null, "data-rank": rank, "data-tied": tied ? "true" : null},
        moveButton(option.move, label(option.move)),
        el("span", {class: "rank"}, mark),
        el("span", {class: "value", "data-proven": String(Boolean(option.proven))}, valueText(option),
           option.proven ? "" : el("span", {class: "muted"}, " est.")),
        extras(option).length ? el("span", {class: "extras muted"}, extras(option).join(" · ")) : null);
    }));
    fill(content,
      document.unit ? el("p", {class: "muted unit"}, `Values: ${document.unit}.`) : null,
      list,
      moveEntry(state.show.legal_moves),
    );
  }

  /** Moves nobody values here (the table's outcomes, a draft): buttons, with a filter when there are many. */
  function unvalued(message, moves) {
    fill(status, noted(), el("strong", {}, message));
    const list = el("div", {class: "board-moves"});
    const narrow = (filter) => {
      const matching = moves.filter((move) => move.toLowerCase().includes(filter.toLowerCase()));
      fill(list, ...matching.slice(0, LISTED_MOVES).map((move) => moveButton(move, label(move))),
                           matching.length > LISTED_MOVES ? el("p", {class: "muted"},
                             `and ${matching.length - LISTED_MOVES} more: type to narrow them`) : null);
    };
    narrow("");
    const filter = moves.length > LISTED_MOVES
      ? el("input", {type: "search", class: "notation", placeholder: "find a move", "aria-label": "find a move",
                     oninput: (event) => narrow(event.target.value)})
      : null;
    fill(content, filter, list, moveEntry(moves));
  }

  function gameOver() {
    const scores = state.show.scores.map((entry) => `seat ${entry.seat}: ${number(entry.score)}`).join(", ");
    fill(status, noted(), el("strong", {}, "The game is over."));
    fill(content, el("p", {}, `Scores: ${scores}.`));
  }

  /** A field to type any legal move in its notation (the list of legal moves completes it). */
  function moveEntry(moves) {
    const listId = `${game}-legal-moves`;
    const field = el("input", {type: "text", class: "notation", list: listId, autocomplete: "off", spellcheck: "false",
                               placeholder: "or type a move", "aria-label": "a move in notation"});
    const form = el("form", {class: "move-entry", onsubmit: (event) => {
      event.preventDefault();
      if (field.value.trim()) play(field.value.trim());
    }}, field, el("button", {type: "submit"}, "Play"), el("datalist", {id: listId},
       moves.slice(0, 500).map((move) => el("option", {value: move}))));
    return form;
  }

  /** A position a person wrote, with fields left to their defaults, is kept as the server
   * reads it, every field written out: the address and the picture then show all of it. */
  function complete(position) {
    if (JSON.stringify(position) === JSON.stringify(current())) return;
    state.history[state.index] = position;
    persist();
  }

  /** The game's picture of the position (the text `show` prints if the game has none, or if
   * the picture fails: a position the server took is never left undrawn). */
  function drawPosition(shownView) {
    const seat = state.show.to_move;
    whose.textContent = seat === null ? "The game is over"
      : seat === 0 ? "The table decides" : `Seat ${seat} to move`;
    const text = el("pre", {class: "cli-text"}, shownView.text);
    if (!view.draw) {
      fill(picture, text);
      return;
    }
    try {
      fill(picture);
      view.draw(current(), picture, {show: state.show, pictures: shownView.pictures || {}, play});
    } catch (error) {
      console.error("the position's picture failed:", error);
      fill(picture, el("p", {class: "error"}, `The picture failed (${error.message}); the position as text:`), text);
    }
  }

  /** Play `move` (its notation) on the board: the position after it becomes the current one.
   * One request (`show` after the move) gives the new position and its legal moves. */
  async function play(move) {
    cancel();
    const generation = ++state.generation;
    markStale();
    working("show", `playing ${move}`);
    const played = await request("show", {position: current(), moves: [move]}, generation);
    if (played === null) return;
    if (!played.ok) {  // the position is unchanged: its answer again, under the refusal
      state.note = `${move}: ${played.error.replace(/^error: /, "").replace(/^move 1: /, "")}`;
      refresh(0);
      return;
    }
    push(played.view.document.position, played);
  }

  /** The refusal of the last move tried, shown once above the next answer. */
  function noted() {
    const note = state.note;
    state.note = "";
    return note ? el("p", {class: "error refusal", role: "alert"}, note) : null;
  }

  function load(position) {
    push(position);
  }

  async function deal(options) {
    cancel();
    const generation = ++state.generation;
    markStale();
    working("start", "dealing");
    const dealt = await request("start", options, generation);
    if (dealt === null) return;
    if (!dealt.ok) {
      failed(dealt.error);
      return;
    }
    push(dealt.view.document);
  }

  function dealForm() {
    const fields = (view.deal || []).map((spec) => {
      const input = spec.choices
        ? el("select", {id: `deal-${spec.name}`, name: spec.name}, spec.choices.map((choice) => {
          const [value, label] = Array.isArray(choice) ? choice : [choice, choice];
          return el("option", {value, selected: String(value) === String(spec.value) || null}, label);
        }))
        : el("input", {type: "number", id: `deal-${spec.name}`, name: spec.name, min: spec.min, max: spec.max, value: spec.value});
      return el("label", {class: "deal-field"}, spec.label, input);
    });
    const seed = el("input", {type: "number", id: "deal-seed", name: "seed", min: 0, value: 1});
    const form = el("form", {class: "deal", onsubmit: (event) => {
      event.preventDefault();
      const options = {seed: Number(seed.value)};
      for (const spec of view.deal || []) {
        const value = form.querySelector(`[name="${spec.name}"]`).value;
        if (value === "") continue;  // left to the game's own default
        options[spec.name] = spec.choices ? value : Number(value);
      }
      form.closest("details").open = false;
      deal(options);
    }}, el("label", {class: "deal-field"}, "Seed", seed), fields,
       el("button", {type: "submit", class: "primary", "data-action": "deal"}, "Deal"));
    return form;
  }

  function documentForm() {
    const area = el("textarea", {class: "notation", id: "board-document", rows: 8, spellcheck: "false",
                                 "aria-label": "the position document"});
    const details = el("details", {class: "board-tool", ontoggle: () => {
      if (details.open) area.value = JSON.stringify(current(), null, 1);
    }}, el("summary", {}, "Position document"),
       el("p", {class: "help"}, "The position as JSON, as 'cardsolve " + game + " start' and 'apply' write it. " +
          "Edit it for the cards on your table, then use it."),
       area,
       el("div", {class: "commands"}, el("button", {type: "button", "data-action": "use-document", onclick: () => {
         let parsed;
         try {
           parsed = JSON.parse(area.value);
         } catch (error) {
           failed(`the position document is not JSON: ${error.message}`);
           return;
         }
         details.open = false;
         load(parsed);
       }}, "Use this position")));
    return details;
  }

  fill(section, [...section.children],
    el("div", {class: "board-bar"}, undoButton, redoButton, whose),
    picture,
    el("details", {class: "board-tool", id: "board-deal"}, el("summary", {}, "New seeded deal"), dealForm()),
    view.editor ? view.editor({load, current}) : null,
    documentForm(),
  );
  const effortFields = (view.effort || []).map((spec) =>
    el("input", {type: "number", id: `effort-${spec.name}`, name: spec.name, min: spec.min, max: spec.max, value: spec.value,
                 oninput: () => refresh(EVALUATE_DELAY_MS)}));
  fill(answerSection, [...answerSection.children],
    effortFields.length ? el("div", {class: "board-effort"}, (view.effort || []).map((spec, index) =>
      el("label", {class: "deal-field"}, spec.label, effortFields[index]))) : null,
    answer);

  undoButton.addEventListener("click", () => {
    if (state.index > 0) { state.index -= 1; changed(); }
  });
  redoButton.addEventListener("click", () => {
    if (state.index < state.history.length - 1) { state.index += 1; changed(); }
  });

  const addressed = positionInAddress();
  if (addressed && addressed.error) {
    restore(null);
    buttons();
    failed(addressed.error);
  } else if (restore(addressed ? addressed.document : null)) {
    changed();
  } else {
    buttons();
    deal({seed: 1, ...Object.fromEntries((view.deal || []).map((spec) => [spec.name, spec.value]))});
  }

  return {
    get position() { return current(); },
    get show() { return state.show; },
    play,
    load,
    undo: () => undoButton.click(),
    redo: () => redoButton.click(),
  };
}
