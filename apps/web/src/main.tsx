import "@fontsource-variable/inter/wght.css";
import "@fontsource-variable/plus-jakarta-sans/wght.css";
import "@mantine/core/styles.css";
import "@mantine/notifications/styles.css";
import "./app/styles/global.css";
import { DEFAULT_LANGUAGE } from "@vela/shared/api";
import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { App } from "./app/app";
import { changeLanguage, initialLanguage } from "./shared/i18n/i18n";

const container = document.getElementById("root");
if (!container) throw new Error("The page has no #root element to render into");

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

// The home page arrives prerendered (scripts/prerender.mjs): in English, as nobody signed in sees
// it before the API answers. Hydrating keeps that markup and makes it live. A page in another
// language is rendered afresh instead (hydrating it would mismatch every text); other routes get
// the empty shell. Hydration is a transition: the page is already on screen, so React may yield
// to the browser every few milliseconds instead of hydrating in one long task that blocks input.
const isPrerendered = container.firstElementChild !== null;
const render = () => {
  if (isPrerendered && initialLanguage === DEFAULT_LANGUAGE)
    startTransition(() => {
      hydrateRoot(container, app);
    });
  else createRoot(container).render(app);
};

// English is ready at once. A Spanish-speaking visitor gets Spanish from the first paint; if its
// chunk fails to load, the page still renders, in English.
if (initialLanguage === DEFAULT_LANGUAGE) render();
else changeLanguage(initialLanguage, { remember: false }).then(render, render);
