#!/usr/bin/env python3
"""Validates JSON read from stdin (one document, or one per line) against a schema in docs/.

Usage: validate-json.py SCHEMA [--lines]. Exits 1 with the first violation, naming the line."""
import json
import sys

import jsonschema

schema = json.load(open(sys.argv[1]))
validator = jsonschema.Draft202012Validator(schema)
text = sys.stdin.read()
documents = [line for line in text.splitlines() if line.strip()] if "--lines" in sys.argv else [text]
if not documents:
    sys.exit("validate-json: no JSON on stdin")
for number, document in enumerate(documents, 1):
    errors = sorted(validator.iter_errors(json.loads(document)), key=str)
    if errors:
        sys.exit(f"validate-json: document {number}: {errors[0].message} at {list(errors[0].absolute_path)}")
print(f"{len(documents)} valid")
