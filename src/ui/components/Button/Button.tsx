import type { ButtonHTMLAttributes, ReactNode, Ref } from "react";
import styles from "./Button.module.css";

export type ButtonVariant = "primary" | "secondary" | "ghost";

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  /** Spec widths: xl 144 px, md 100 px, xs 62 px; "auto" fits the text. */
  width?: "xl" | "md" | "xs" | "auto";
  ref?: Ref<HTMLButtonElement>;
}

/** The app's button. Defaults to type="button" so no button submits a form by accident. */
export function Button({
  variant = "primary",
  width = "auto",
  type = "button",
  className,
  ref,
  ...rest
}: ButtonProps): ReactNode {
  const classes = [styles.button, styles[variant], styles[width], className].filter(Boolean).join(" ");
  return <button ref={ref} type={type} className={classes} {...rest} />;
}
