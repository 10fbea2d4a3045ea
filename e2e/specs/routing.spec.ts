import { expect, test } from "../fixtures/app";

test("an unknown path redirects to / and replaces its history entry", async ({ page, baseURL }) => {
  const launchHeading = page.getByRole("heading", { level: 1, name: "Launch" });
  await page.goto("/launch");
  await expect(launchHeading).toBeVisible();
  const historyLength = await page.evaluate(() => window.history.length);

  await page.goto("/nope");

  await expect(page).toHaveURL(`${baseURL}/`);
  await expect(
    page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Stake" }),
  ).toHaveAttribute("aria-current", "page");
  // One entry for the navigation to /nope, which the redirect replaced (a push would have added a second).
  expect(await page.evaluate(() => window.history.length)).toBe(historyLength + 1);

  const visited: string[] = [];
  page.on("framenavigated", (frame) => {
    if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
  });
  await page.goBack();

  await expect(page).toHaveURL(`${baseURL}/launch`);
  await expect(launchHeading).toBeVisible();
  expect(visited).not.toContain("/nope");
});
