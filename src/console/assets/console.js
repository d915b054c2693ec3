// The console's only script. Everything works without it: it adds the copy button for a newly
// created API key (hidden until this runs), and filters the framework list while typing (the
// search form also works as a plain GET).
for (const button of document.querySelectorAll(".js-copy")) {
  const target = document.getElementById(button.dataset.copyTarget);
  const status = document.querySelector(".js-copied");
  if (!target || !navigator.clipboard) continue;
  button.hidden = false;
  button.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(target.value);
      if (status) status.textContent = "Copied to the clipboard.";
    } catch {
      target.select();
      if (status) status.textContent = "Select the key and copy it.";
    }
  });
}

const search = document.getElementById("framework-search");
if (search) {
  const items = [...document.querySelectorAll(".framework-list li")];
  search.addEventListener("input", () => {
    const words = search.value.toLowerCase().split(/\s+/).filter(Boolean);
    for (const item of items) {
      const text = item.textContent.toLowerCase();
      item.hidden = !words.every((word) => text.includes(word));
    }
  });
}
