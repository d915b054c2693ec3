// The console's only script: the copy button for a newly created API key. Everything else works
// without JavaScript, so the button stays hidden until this runs.
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
