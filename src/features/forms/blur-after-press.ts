/**
 * A field's blur, put off while a pointer is pressed until that press's click has been dispatched.
 * A blur marks the field touched, and its message (e.g. 'Обязательно для заполнения') pushes down
 * what is below it. Pressing a button below moves focus (the blur) before the release, so the
 * button moved between press and release, and a click whose press and release land on different
 * elements reaches neither: the visitor's click was lost. Keyboard focus moves never wait.
 */
let pressed = false
let held: Array<() => void> = []

const release = () => {
  // The click follows the release in the same task; the held blurs run after it.
  setTimeout(() => {
    pressed = false
    const run = held
    held = []
    for (const blur of run) blur()
  }, 0)
}

if (typeof document !== "undefined") {
  document.addEventListener("pointerdown", () => void (pressed = true), true)
  document.addEventListener("pointerup", release, true)
  document.addEventListener("pointercancel", release, true)
  window.addEventListener("blur", release)
}

/** Runs `blur` now, or once the press in progress has ended and its click has been dispatched. */
export function afterPress(blur: () => void): void {
  if (pressed) held.push(blur)
  else blur()
}
