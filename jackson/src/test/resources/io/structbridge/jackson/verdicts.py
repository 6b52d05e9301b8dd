"""The Python readers' verdicts on JSON documents of generated records: for each stdin line "Record<TAB>document",
prints "valid <the Pydantic model's dump>" or "invalid", a tab, then Python jsonschema's "valid" or "invalid" against
the record's generated JSON Schema. argv[1] is the folder of the generated modules and schemas."""
import importlib
import json
import sys

import jsonschema

sys.path.insert(0, sys.argv[1])
models = {}
validators = {}
for line in sys.stdin.read().split("\n"):
    record, doc = line.split("\t", 1)
    if record not in models:
        models[record] = getattr(importlib.import_module(record), record + "Model")
        with open(sys.argv[1] + "/" + record + ".schema.json", encoding="utf-8") as f:
            schema = json.load(f)
        jsonschema.Draft202012Validator.check_schema(schema)
        validators[record] = jsonschema.Draft202012Validator(schema)
    try:
        model = "valid " + models[record].model_validate_json(doc).model_dump_json()
    except Exception:
        model = "invalid"
    print(model + "\t" + ("valid" if validators[record].is_valid(json.loads(doc)) else "invalid"))
