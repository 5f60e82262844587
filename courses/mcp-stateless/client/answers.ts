// The user's two answers to the page's confirmation: what ask() returns in the client's cases.
import type { Json } from "./mock-server.js";

export const ACCEPT: Json = { action: "accept", content: { confirm: true } };
export const DECLINE: Json = { action: "decline" };
