/* The invite link of a waiting table (#26; templates/play/_invite.html). Without JS the link
   is a read-only field to copy by hand; here Copy puts it on the clipboard and Share opens the
   system's share sheet where the browser has one. The table fragment is swapped by htmx, so
   the buttons are shown again after every swap and clicks are caught on the document. */
(function () {
  "use strict";

  function reveal(root) {
    var scope = root && root.querySelectorAll ? root : document;
    scope.querySelectorAll("[data-invite-copy]").forEach(function (button) { button.hidden = false; });
    if (navigator.share) {
      scope.querySelectorAll("[data-invite-share]").forEach(function (button) { button.hidden = false; });
    }
  }

  function say(box, attribute) {
    var status = box && box.querySelector("[data-invite-status]");
    if (status) status.textContent = status.getAttribute(attribute) || "";
  }

  function copyByHand(field) {
    field.focus();
    field.select();
    try { return document.execCommand("copy"); } catch (e) { return false; }
  }

  function copy(button) {
    var box = button.closest(".invite");
    var field = box && box.querySelector("[data-invite-link]");
    if (!field) return;
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(field.value).then(
        function () { say(box, "data-copied"); },
        function () { say(box, copyByHand(field) ? "data-copied" : "data-copy-failed"); });
    } else {
      say(box, copyByHand(field) ? "data-copied" : "data-copy-failed");
    }
  }

  function share(button) {
    var box = button.closest(".invite");
    var field = box && box.querySelector("[data-invite-link]");
    if (!field || !navigator.share) return;
    navigator.share({ title: button.getAttribute("data-share-title") || document.title, url: field.value })
      .catch(function () { /* the person closed the sheet: nothing to say */ });
  }

  document.addEventListener("click", function (event) {
    var target = event.target.closest && event.target.closest("[data-invite-copy], [data-invite-share]");
    if (!target) return;
    if (target.hasAttribute("data-invite-copy")) copy(target); else share(target);
  });
  document.addEventListener("focusin", function (event) {
    if (event.target.hasAttribute && event.target.hasAttribute("data-invite-link")) event.target.select();
  });
  document.addEventListener("htmx:load", function (event) { reveal(event.target); });
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", function () { reveal(document); });
  } else {
    reveal(document);
  }
})();
