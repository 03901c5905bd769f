// eslint for the hand-written scripts in static/ (`make lint`). They are classic scripts loaded with
// `defer`, one IIFE each, sharing window.Atout (static/poll.js, static/send.js); no build step.
"use strict";
const js = require("@eslint/js");
const globals = require("globals");

module.exports = [
  { ignores: ["static/vendor/**", "staticfiles/**", "node_modules/**", ".venv/**"] },
  js.configs.recommended,
  {
    files: ["static/**/*.js"],
    languageOptions: {
      ecmaVersion: 2020,
      sourceType: "script",
      globals: { ...globals.browser },
    },
    rules: {
      strict: ["error", "function"],
      "no-var": "off",
      eqeqeq: ["error", "always"],
      "no-implicit-globals": "error",
      "no-unused-vars": ["error", { args: "none", caughtErrors: "none" }],
    },
  },
  {
    files: ["eslint.config.js"],
    languageOptions: { sourceType: "commonjs", globals: { ...globals.node } },
  },
];
