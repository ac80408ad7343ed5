// What every game page shares: asking the JSON API, showing an answer (busy state, the
// facts the CLI prints, the drawing, the equivalent command line), and zones of cards
// kept in step with a text field in the CLI's notation. A page supplies only how its
// cards look and what its answers draw.

/** Make an element: el("div", {class: "x", onclick: f}, child, "text", ...). */
export function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === undefined || child === null || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

// The SVG namespace, as the HTML parser gives it to an <svg> (no address written in the pages).
const SVG_NS = (() => {
  const holder = document.createElement("div");
  holder.innerHTML = "<svg></svg>";
  return holder.firstChild.namespaceURI;
})();

/** Make an SVG element: svg("rect", {x: 0, ...}, ...children). */
export function svg(tag, attributes = {}, ...children) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (value !== undefined && value !== null) node.setAttribute(key, String(value));
  }
  for (const child of children.flat()) {
    if (child === undefined || child === null || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** Put `children` in `node` in place of what it held, leaving out null, undefined and false. */
export function fill(node, ...children) {
  node.replaceChildren(...children.flat().filter((child) => child !== null && child !== undefined && child !== false));
  return node;
}

/** An SVG element parsed from the server's SVG text (a picture the API drew). */
export function svgFromText(text) {
  const parsed = new DOMParser().parseFromString(text, "image/svg+xml").documentElement;
  return document.importNode(parsed, true);
}

/**
 * Ask the API: POST /api/<game>/<command>?view=page with the command's options (the CLI's
 * option names, "-" written "_"; null or "" leaves an option out). Resolves to
 * {ok: true, view} with view = {document, text, exit_code, pictures, line, files} (pictures: the
 * answer's SVG pictures by name, as text), or
 * {ok: false, status, error}. An aborted `signal` abandons the request (the server stops its worker).
 */
export async function ask(game, command, options, signal = undefined) {
  const body = {};
  for (const [key, value] of Object.entries(options)) {
    if (value !== null && value !== undefined && value !== "") body[key] = value;
  }
  let response;
  try {
    response = await fetch(`/api/${game}/${command}?view=page`, {
      method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(body), signal,
    });
  } catch (error) {
    return {ok: false, status: 0, error: `the server did not answer: ${error.message}`};
  }
  let data;
  try {
    data = await response.json();
  } catch (error) {
    return {ok: false, status: response.status, error: `the server's answer was not JSON (${response.status})`};
  }
  if (!response.ok) return {ok: false, status: response.status, error: data.error || `status ${response.status}`};
  return {ok: true, view: data};
}

const TICK_MS = 100;

/**
 * Work in progress shown in `container`: a spinner, `label`, the seconds since it began
 * (ticking) and a Stop button (`data-action="stop"`) that calls `onStop(seconds)`.
 * Returns {seconds(), end()}: end() stops the clock once the work is over.
 */
export function stopwatch(container, label, onStop) {
  const started = performance.now();
  const seconds = () => (performance.now() - started) / 1000;
  const clock = el("span", {class: "elapsed"}, "0.0 s");
  const ticker = setInterval(() => { clock.textContent = `${seconds().toFixed(1)} s`; }, TICK_MS);
  const end = () => clearInterval(ticker);
  const stop = el("button", {type: "button", class: "stop", "data-action": "stop",
                             onclick: () => { end(); onStop(seconds()); }}, "Stop");
  fill(container, el("span", {class: "spinner", "aria-hidden": "true"}), label, clock, " ", stop);
  return {seconds, end};
}

const EXIT_MEANING = {0: ["done", "good"], 1: ["does not hold (proven)", "bad"], 2: ["bad input", "bad"],
                      3: ["undecided: a limit ran out", "unsure"]};

/**
 * An answer panel in `container`: run(game, command, options, draw) shows "Computing…" with
 * the seconds it has taken and a Stop button (which abandons the request: the server stops
 * its worker), disables the page's buttons while the server works, then shows the exit code's
 * meaning, whether the answer is proven, draw(document, view) (the page's picture),
 * the CLI's text output and the equivalent command line with a copy button. The panel's
 * data-state is busy, done or error, for people and tests alike; refuse(message) shows an
 * error at once, for an entry the page itself knows to be wrong.
 */
export function answerPanel(container) {
  const panel = el("div", {class: "answer", "data-state": "empty", "aria-live": "polite"});
  let controller = null;  // the request in flight
  container.append(panel);
  return {
    element: panel,
    /** Shows a one-line error without asking the server: an entry on the page is not valid. */
    refuse(message) {
      panel.dataset.state = "error";
      panel.replaceChildren(el("p", {class: "status error"}, message));
    },
    async run(game, command, options, draw) {
      if (controller) controller.abort();  // a question asked again: the one before is dropped
      const asked = new AbortController();
      controller = asked;
      const buttons = [...document.querySelectorAll("button.ask")];
      buttons.forEach((button) => { button.disabled = true; });
      panel.dataset.state = "busy";
      panel.dataset.command = `${game} ${command}`;
      const status = el("p", {class: "status"});
      panel.replaceChildren(status);
      let stoppedAfter = null;
      const watch = stopwatch(status, `Computing ${game} ${command}… `, (seconds) => {
        stoppedAfter = seconds;
        asked.abort();
      });
      const result = await ask(game, command, options, asked.signal);
      watch.end();
      if (controller !== asked) return null;
      controller = null;
      buttons.forEach((button) => { button.disabled = false; });
      if (stoppedAfter !== null) {
        panel.dataset.state = "error";
        panel.replaceChildren(el("p", {class: "status error"},
                                 `Stopped after ${stoppedAfter.toFixed(1)} s: the server stopped working on it.`));
        return null;
      }
      if (!result.ok) {
        panel.dataset.state = "error";
        panel.replaceChildren(el("p", {class: "status error"}, result.error));
        return null;
      }
      const view = result.view;
      const seconds = watch.seconds().toFixed(2);
      const [meaning, tone] = EXIT_MEANING[view.exit_code] || [`exit ${view.exit_code}`, "unsure"];
      const badges = [el("span", {class: `badge ${tone}`, "data-exit": view.exit_code}, meaning)];
      if (typeof view.document.proven === "boolean") {
        badges.push(el("span", {class: `badge ${view.document.proven ? "good" : "unsure"}`, "data-proven": String(view.document.proven)},
                       view.document.proven ? "proven" : "not proven"));
      }
      if (view.document.backend) badges.push(el("span", {class: "badge"}, view.document.backend));
      const drawing = el("div", {class: "drawing"});
      panel.replaceChildren(
        el("p", {class: "status"}, badges, el("span", {class: "muted"}, ` ${seconds} s`)),
        drawing,
        el("pre", {class: "cli-text"}, view.text),
        commandLine(view),
      );
      if (draw) draw(view.document, drawing, view);
      panel.dataset.state = "done";
      return view;
    },
  };
}

/** The equivalent command line, a copy button, and the files it names (to save as). */
function commandLine(view) {
  const line = el("code", {class: "line"}, view.line);
  const copy = el("button", {type: "button", class: "copy", onclick: async () => {
    try {
      await navigator.clipboard.writeText(view.line);
      copy.textContent = "Copied";
    } catch (error) {
      const range = document.createRange();
      range.selectNodeContents(line);
      getSelection().removeAllRanges();
      getSelection().addRange(range);
      copy.textContent = "Selected: copy it";
    }
  }}, "Copy");
  const files = Object.entries(view.files || {}).map(([name, content]) =>
    el("details", {class: "files"}, el("summary", {}, `${name} (save it under this name)`),
       el("pre", {}, JSON.stringify(content, null, 2))));
  return el("div", {}, el("div", {class: "muted"}, "The same answer on the command line:"),
            el("div", {class: "cli-line"}, line, copy), files);
}

/**
 * A zone of cards (a hand, a display, a pile) kept in step with a text field in the CLI's
 * notation: cards added from a picker appear in the zone and the field; tapping a card in
 * the zone removes it; typing in the field redraws the zone. `draw(token)` returns an
 * element for one card token (or null when the token is not a card, shown as text).
 * Options: separator (default ","), max (cards at most), onChange(tokens).
 */
export function zone({zoneElement, field, draw, separator = ",", max = Infinity, onChange = () => {}}) {
  let tokens = [];
  const render = () => {
    zoneElement.replaceChildren(...tokens.map((token, index) => {
      const picture = draw(token);
      return el("button", {type: "button", class: `card-button${picture ? "" : " invalid"}`,
                           title: `${token}: tap to remove`, "data-token": token, "aria-label": `remove ${token}`,
                           onclick: (event) => {
                             tokens.splice(index, 1);
                             sync();
                             if (event.detail === 0) keepFocus(zoneElement, index);  // a key, not a tap
                           }},
                picture || el("span", {class: "raw"}, token));
    }));
    const counter = document.querySelector(`[data-count-for="${zoneElement.id}"]`);
    if (counter) counter.textContent = `${tokens.length} card${tokens.length === 1 ? "" : "s"}`;
  };
  const sync = () => {
    field.value = tokens.join(separator);
    render();
    onChange(tokens);
  };
  field.addEventListener("input", () => {
    tokens = field.value.split(separator).map((token) => token.trim()).filter((token) => token !== "");
    render();
    onChange(tokens);
  });
  render();
  return {
    add(token) {
      if (tokens.length >= max) return false;
      tokens.push(token);
      sync();
      return true;
    },
    set(list) { tokens = [...list]; sync(); },
    clear() { tokens = []; sync(); },
    get tokens() { return [...tokens]; },
    get text() { return tokens.join(separator); },
  };
}

/** A picker: one button per card token, drawn by draw(token); tapping one calls pick(token).
 * A picker drawn again keeps the keyboard focus on the button at the same place. */
export function picker(container, tokens, draw, pick) {
  const focused = [...container.children].indexOf(document.activeElement);
  container.replaceChildren(...tokens.map((token) =>
    el("button", {type: "button", class: "card-button", title: token, "data-pick": token, "aria-label": `add ${token}`,
                  onclick: () => pick(token)}, draw(token))));
  if (focused >= 0) keepFocus(container, focused);
}

/** Puts the keyboard focus on the child of `container` at `index`, or the nearest one that
 * is not disabled: a redrawn list of buttons does not send a keyboard user back to the top. */
export function keepFocus(container, index) {
  const children = [...container.children];
  const usable = (child) => !child.disabled;
  const target = children.slice(index).find(usable) || children.slice(0, index).reverse().find(usable);
  if (target) target.focus({preventScroll: true});
}

/** The page header: the page's one h1 (the game's name is there for screen readers) and
 * the navigation between the games. */
export function header(current) {
  const games = [["quibbles", "Quibbles"], ["ubongo", "Ubongo"], ["subito", "Subito"], ["was-sticht", "Was sticht?"],
                 ["cubu", "CUBU"]];
  const page = games.find(([path]) => path === current);
  return el("header", {class: "site"},
            el("h1", {}, el("a", {class: "brand", href: "/"}, "cardsolve"),
               page ? el("span", {class: "visually-hidden"}, `: ${page[1]}`) : null),
            el("nav", {}, games.map(([path, name]) =>
              el("a", {href: `/${path}`, "aria-current": path === current ? "page" : null}, name))));
}
