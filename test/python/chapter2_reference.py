"""The chapter's Hands-on Project written in Python exactly as the chapter states it.

The test suite runs this script and compares its evidence file, byte for byte, with the one
`grade --dir solutions` writes: the chapter promises that a correct Python solution and a correct
TypeScript solution produce the same evidence. With --run it answers the grader's generated
inputs, so the grader's model of the rules is tested against the chapter's own code (a Python
dict has no inherited keys, so names such as "toString" or "__proto__" get the chapter's answer
here by construction). Python 3 standard library only.
"""
import json
import sys

TOOL = {
    "name": "logs_search",
    "description": "Searches recent log lines for one service. Use this when the user asks what a "
                   "service logged about a topic. Does not modify anything and does not search "
                   "any other data.",
    "input_schema": {
        "type": "object",
        "properties": {
            "service": {"type": "string", "enum": ["api", "worker", "billing"]},
            "query": {"type": "string"},
            "limit": {"type": "integer", "minimum": 1, "maximum": 50},
        },
        "required": ["service", "query"],
        "additionalProperties": False,
    },
}

MESSAGES = [
    {"jsonrpc": "2.0", "id": 1, "method": "initialize",
     "params": {"protocolVersion": "2025-03-26", "capabilities": {},
                "clientInfo": {"name": "t", "version": "0"}}},
    {"jsonrpc": "2.0", "method": "notifications/initialized"},
    {"jsonrpc": "2.0", "id": 2, "method": "tools/list"},
    {"jsonrpc": "2.0", "id": 3, "method": "tools/call",
     "params": {"name": "logs_search", "arguments": {"service": "api", "query": "timeout"}}},
    {"jsonrpc": "2.0", "id": 4, "method": "tools/call",
     "params": {"name": "deploy_nuke", "arguments": {}}},
    {"jsonrpc": "2.0", "id": 5, "method": "tools/call",
     "params": {"name": "logs_search", "arguments": {"service": "payments", "query": "x"}}},
    {"jsonrpc": "2.0", "id": 6, "method": "resources/list"},
    {"jsonrpc": "2.0", "id": 7, "method": "tools/call",
     "params": {"name": "logs_search",
                "arguments": {"service": "worker", "query": "retry", "limit": 5}}},
]

LINES = [
    json.dumps(MESSAGES[0]),
    json.dumps(MESSAGES[1]),
    json.dumps(MESSAGES[2]),
    "{not json",
    json.dumps(MESSAGES[3]),
    "",
]

TYPES = {"string": str, "integer": int, "number": (int, float), "boolean": bool, "object": dict, "array": list}


def to_mcp(tool):
    return {"name": tool["name"], "description": tool["description"], "inputSchema": tool["input_schema"]}


def validate(args, schema):
    errors = []
    props = schema.get("properties", {})
    for name in schema.get("required", []):
        if name not in args:
            errors.append(f"missing required field: {name}")
    for name, value in args.items():
        rule = props.get(name)
        if rule is None:
            if schema.get("additionalProperties") is False:
                errors.append(f"unexpected field: {name}")
            continue
        expected = TYPES.get(rule.get("type"))
        if expected and (not isinstance(value, expected) or isinstance(value, bool) and rule["type"] != "boolean"):
            errors.append(f"{name} must be of type {rule['type']}")
            continue
        if "enum" in rule and value not in rule["enum"]:
            errors.append(f"{name} must be one of: {', '.join(rule['enum'])}")
        if "minimum" in rule and value < rule["minimum"]:
            errors.append(f"{name} must be at least {rule['minimum']}")
        if "maximum" in rule and value > rule["maximum"]:
            errors.append(f"{name} must be at most {rule['maximum']}")
    return errors


MCP_TOOL = to_mcp(TOOL)


def handle(message):
    if "id" not in message:
        return None
    reply = {"jsonrpc": "2.0", "id": message["id"]}
    method = message.get("method")
    if method == "initialize":
        reply["result"] = {"protocolVersion": "2025-06-18",
                           "capabilities": {"tools": {"listChanged": False}},
                           "serverInfo": {"name": "chapter2-server", "version": "1.0.0"}}
    elif method == "tools/list":
        reply["result"] = {"tools": [MCP_TOOL]}
    elif method == "tools/call":
        params = message.get("params", {})
        if params.get("name") != MCP_TOOL["name"]:
            reply["error"] = {"code": -32602, "message": f"Unknown tool: {params.get('name')}"}
        else:
            args = params.get("arguments", {})
            errors = validate(args, MCP_TOOL["inputSchema"])
            if errors:
                reply["result"] = {"content": [{"type": "text", "text": "; ".join(errors)}], "isError": True}
            else:
                text = f"found 3 lines for {args['query']} in {args['service']}"
                reply["result"] = {"content": [{"type": "text", "text": text}], "isError": False}
    else:
        reply["error"] = {"code": -32601, "message": "Method not found"}
    return reply


def serve(lines):
    out, log = [], []
    for n, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        log.append(f"line {n}")
        try:
            message = json.loads(line)
        except json.JSONDecodeError:
            response = {"jsonrpc": "2.0", "id": None, "error": {"code": -32700, "message": "Parse error"}}
        else:
            response = handle(message)
        if isinstance(response, dict):
            out.append(json.dumps(response, separators=(",", ":"), sort_keys=True))
    return out, log


def lower(value):
    return str(value).lower() if isinstance(value, bool) else str(value)


def main(path):
    lines = []
    result = to_mcp(TOOL)
    lines.append(f"t1_keys: {','.join(sorted(result.keys()))}")
    lines.append(f"t1_schema_unchanged: {lower(result['inputSchema'] == TOOL['input_schema'])}")
    same = result["name"] == TOOL["name"] and result["description"] == TOOL["description"]
    lines.append(f"t1_name_description_unchanged: {lower(same)}")

    responses = [handle(m) for m in MESSAGES]
    by_id = {r["id"]: r for r in responses if r is not None}
    lines.append(f"t2_responses: {sum(r is not None for r in responses)}")
    lines.append(f"t2_init_version: {by_id[1]['result']['protocolVersion']}")
    lines.append(f"t2_tool_names: {','.join(t['name'] for t in by_id[2]['result']['tools'])}")
    lines.append(f"t2_id3_text: {by_id[3]['result']['content'][0]['text']}")
    lines.append(f"t2_id4_error: {by_id[4]['error']['code']} {by_id[4]['error']['message']}")
    lines.append(f"t2_id5_is_error: {lower(by_id[5]['result']['isError'])}")
    lines.append(f"t2_id5_text: {by_id[5]['result']['content'][0]['text']}")
    lines.append(f"t2_id6_error_code: {by_id[6]['error']['code']}")
    lines.append(f"t2_id7_text: {by_id[7]['result']['content'][0]['text']}")

    out, log = serve(LINES)
    lines.append(f"t3_out_count: {len(out)}")
    lines.append(f"t3_log_count: {len(log)}")
    lines.append(f"t3_no_embedded_newline: {lower(not any(chr(10) in line for line in out))}")
    lines.append(f"t3_parse_error_line: {out[2]}")
    lines.append(f"t3_list_line_length: {len(out[1])}")

    with open(path, "w", encoding="utf-8", newline="\n") as f:
        f.write("".join(line + "\n" for line in lines))


def run(task, inputs):
    """Each input through one task's function, for the grader's tests to compare with its model:
    {"value": answer}, or {"raised": error name} where the function, written as the chapter
    states it, has no answer (a tools/call whose arguments are not a dict, for one)."""
    function = {"task1": to_mcp, "task2": handle,
                "task3": lambda lines: dict(zip(("out", "log"), serve(lines)))}[task]
    answers = []
    for value in inputs:
        try:
            answers.append({"value": function(value)})
        except Exception as error:  # the chapter's rules decide no answer here, so none is given
            answers.append({"raised": type(error).__name__})
    return answers


if __name__ == "__main__":
    if sys.argv[1] == "--lines":
        print(json.dumps(LINES))
    elif sys.argv[1] == "--run":
        # The inputs as a JSON list on stdin; the answers as a JSON list on stdout.
        print(json.dumps(run(sys.argv[2], json.loads(sys.stdin.buffer.read()))))
    else:
        main(sys.argv[1])
