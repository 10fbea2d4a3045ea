// White text on it has a 5.4:1 contrast ratio (WCAG AA needs 4.5:1).
export const ACCENT_GREEN = "#1a7a43";
