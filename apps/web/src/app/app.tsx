import { BrowserRouter } from "react-router";
import { AppProvider } from "./provider";
import { AppRoutes } from "./router";

export const App = () => (
  <AppProvider>
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  </AppProvider>
);
