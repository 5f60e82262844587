// Values JSON changes or drops, for the transport's generated probes: a transport that copies
// with structuredClone and then fixes only what the page's example shows JSON changing (a Date to
// its ISO text, an undefined key dropped) kept t3_transport while those two were all a probe
// carried (helper 37's st-transport-date-fix). What the server must get is what
// JSON.parse(JSON.stringify(x)) gives (client/transport.ts); the driver makes the same values from
// this function's own text (course/drivers-source.ts), so it uses only its arguments and globals.

/**
 * The odd values for variant `n`; `withFunctions`: also values that hold functions (toJSON, a
 * method), which structuredClone refuses: they go in the server's answer, so that the request's
 * probe shows what such a copy did to the others.
 */
export function oddValues(n: number, withFunctions: boolean): Record<string, unknown> {
  const odd: Record<string, unknown> = {
    notANumber: NaN,
    infinite: [Infinity, -Infinity],
    negativeZero: -0,
    holes: [n, undefined],
    // A real hole, which JSON writes as null: a transport that walks the value with map kept it a
    // hole, and passed while no probe had one (gaming-transport-walk-probed).
    holey: [n, , "end"],
    map: new Map([["k", n]]),
    set: new Set([n]),
    boxed: [new String("s" + n), new Number(n), new Boolean(false)],
    dates: [new Date(86400000 * (n % 1000))],
    nested: { a: undefined, b: { c: undefined, d: n } },
    inherited: Object.create({ up: n }, { own: { value: n, enumerable: true }, hidden: { value: n, enumerable: false } }),
    // A key holding null, which JSON keeps: a replacer dropping nulls kept t3_transport while no
    // probe had one outside a list (helper 111's sf-mistake-transport-replacer-drops-nulls).
    nullable: { none: null, some: n },
  };
  if (withFunctions) {
    odd["withToJSON"] = { toJSON: () => ({ made: "by toJSON " + n }) };
    odd["method"] = { f: () => n, g: n, list: [n, () => n] };
  }
  return odd;
}
