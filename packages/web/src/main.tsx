// Entry point of every page but the landing: the app (a prerendered /auth or not-found page is hydrated).
import "./index.css";
import { startApp } from "./app/AppRoot";

void startApp();
