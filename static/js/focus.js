/* Siete y medio: the keyboard's focus across htmx swaps. htmx puts the focus back only on an
   element with an id that the new content has too. A swap that replaced the focused link or
   button otherwise left the focus on <body>, and the next Tab went on from wherever the browser
   guessed (below the table, in the chat): after the punter's Stand, whose answer holds no move,
   and at every move of the others while a player read a link of the table (the bank's "?") or a
   card of the lobby. Here the focus goes back to the same control in the new content (found by
   what it is and says), else to the region's home (your seat: data-focus-home), else to the
   region itself. Only when the focus was in the swapped region: a swap never takes the focus
   from the chat's field or anything else outside it. */
(function () {
  "use strict";

  var held = null;  // {region: id, key: what the focused control is} until the swap settles

  function keyOf(el) {
    var form = el.form || el.closest("form");
    return [el.tagName, el.id, el.getAttribute("href"), el.getAttribute("name"), el.getAttribute("value"),
            form ? form.getAttribute("action") : "", el.textContent.trim()].join("\u0001");
  }

  function lost() {
    var el = document.activeElement;
    return !el || el === document.body || !el.isConnected;
  }

  // The focused control inside the element a request or a swap is about to replace.
  function hold(target) {
    var el = document.activeElement;
    if (!target || !target.id || lost() || !target.contains(el)) return false;
    held = { region: target.id, tag: el.tagName, key: keyOf(el), version: target.getAttribute("data-version") };
    return true;
  }

  // Before a move is sent: its button may be disabled (hx-disabled-elt), which blurs it.
  function onBeforeRequest(evt) {
    hold(evt.detail.target);
  }

  function onBeforeSwap(evt) {
    var target = evt.detail.target;
    if (hold(target)) return;
    // Focus elsewhere (the chat's field): this swap is none of ours. Lost already, after our
    // own request blurred its button: keep what was held for this region.
    if (!lost() || !held || !target || held.region !== target.id) held = null;
  }

  function sameIn(region) {
    return Array.prototype.find.call(region.querySelectorAll(held.tag), function (el) {
      return keyOf(el) === held.key;
    });
  }

  function focusHome(region) {
    var home = region.querySelector("[data-focus-home]") || region;
    if (!home.hasAttribute("tabindex")) home.setAttribute("tabindex", "-1");
    home.focus({ preventScroll: true });
  }

  // afterSettle: after htmx's own [autofocus]. A move (the table's version changed) lets it
  // take the focus to the next move's button; a swap that moved nothing of the game (a
  // reaction, a chat line, someone coming or going) keeps the player's place: it took "Bet 2",
  // chosen with Tab, back to "Bet 1", and Enter then bet 1.
  function onAfterSettle(evt) {
    var region = evt.target;
    if (!held || !region || region.id !== held.region) return;
    var same = sameIn(region);
    var unchanged = region.getAttribute("data-version") === held.version;
    if (same && (lost() || unchanged)) same.focus({ preventScroll: true });
    else if (lost()) focusHome(region);
    held = null;
  }

  document.addEventListener("htmx:beforeRequest", onBeforeRequest);
  document.addEventListener("htmx:beforeSwap", onBeforeSwap);
  document.addEventListener("htmx:afterSettle", onAfterSettle);
})();
