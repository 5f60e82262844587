// The SDK's type, for the interop modules (the SDK itself loads lazily: loadSdk in interop.ts).
export type Sdk = typeof import("./sdk.js");
