import type { ReactNode } from "react";
import { Outlet } from "react-router-dom";
import { Header } from "./Header";
import styles from "./Layout.module.css";
import { Sidebar } from "./Sidebar";

export function Layout(): ReactNode {
  return (
    <div className={styles.app}>
      <Header />
      <div className={styles.body}>
        <Sidebar />
        <main className={styles.main} id="main">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
