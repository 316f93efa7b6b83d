/// <reference types="vite/client" />

/** Changes with every build, so browsers fetch fresh translations after a release. */
declare const __BUILD_ID__: string;
