/* The pack switch: French (default) or German-Swiss suit symbols and card names.
   Loaded in <head>, so the chosen pack is set before the page is drawn; the choice is kept
   in localStorage. Without JavaScript the switch stays hidden and the French pack shows. */
(function () {
  var KEY = "jassdsl-pack";
  var root = document.documentElement;

  function stored() {
    try {
      return localStorage.getItem(KEY);
    } catch (e) {
      return null; /* storage blocked: the default pack */
    }
  }

  function show(pack) {
    root.setAttribute("data-pack", pack === "ch" ? "ch" : "fr");
    var buttons = document.querySelectorAll(".rulebook-pack__button");
    for (var i = 0; i < buttons.length; i++) {
      var on = buttons[i].getAttribute("data-pack") === root.getAttribute("data-pack");
      buttons[i].setAttribute("aria-pressed", on ? "true" : "false");
    }
  }

  show(stored());
  document.addEventListener("DOMContentLoaded", function () {
    var groups = document.querySelectorAll(".rulebook-pack");
    for (var i = 0; i < groups.length; i++) {
      groups[i].hidden = false;
      groups[i].addEventListener("click", function (event) {
        var button = event.target.closest(".rulebook-pack__button");
        if (!button) return;
        var pack = button.getAttribute("data-pack");
        try {
          localStorage.setItem(KEY, pack);
        } catch (e) {
          /* not kept, but still shown */
        }
        show(pack);
      });
    }
    show(root.getAttribute("data-pack"));
  });
})();
