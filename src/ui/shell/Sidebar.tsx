import type { ReactNode } from "react";
import { NavLink, useLocation, useNavigate } from "react-router-dom";
import { Icon } from "../components/Icon";
import { NAV_ENTRIES, nextPath } from "./navigation";
import styles from "./Sidebar.module.css";

export function Sidebar(): ReactNode {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  return (
    <nav className={styles.sidebar} aria-label="Main">
      <button
        type="button"
        className={styles.next}
        aria-label="Next section"
        title="Next section"
        onClick={() => void navigate(nextPath(pathname))}
      >
        <Icon name="next" />
      </button>
      <ul className={styles.list}>
        {NAV_ENTRIES.map((entry) => (
          <li key={entry.path}>
            {entry.enabled ? (
              <NavLink
                to={entry.path}
                end
                className={({ isActive }) => (isActive ? `${styles.entry} ${styles.active}` : styles.entry)}
              >
                <Icon name={entry.icon} />
                <span>{entry.label}</span>
              </NavLink>
            ) : (
              <span className={`${styles.entry} ${styles.disabled}`} aria-disabled="true" title="Coming soon">
                <Icon name={entry.icon} />
                <span>{entry.label}</span>
              </span>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
