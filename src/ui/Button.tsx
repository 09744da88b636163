import type { ButtonHTMLAttributes } from "react"
import { button } from "./button.css.ts"

export type ButtonVariant = keyof typeof button

/** The one button of the design system; links that look like buttons use `buttonClass`. */
export function Button({ variant = "primary", className, type = "button", ...rest }: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant }) {
  return <button type={type} className={[button[variant], className].filter(Boolean).join(" ")} {...rest} />
}

export const buttonClass = (variant: ButtonVariant = "primary") => button[variant]
