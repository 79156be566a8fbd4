// Entry point of the landing (/), whose HTML the build prerendered from the app's own components: hero, buttons,
// counters and floating buttons paint from HTML and CSS, and its links work as plain links. The app itself loads
// and hydrates the page once the browser is idle, or at the visitor's first key, touch or press
// (app/deferredApp.ts); the counters and ads then come from the API.
import "./index.css";
import { deferApp, startWhenIdle } from "./app/deferredApp";

startWhenIdle(deferApp());
