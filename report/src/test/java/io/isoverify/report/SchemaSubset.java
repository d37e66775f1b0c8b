package io.isoverify.report;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A validator for the subset of JSON Schema (2020-12) that report.schema.json uses: type
 * (one or several), const, enum, required, properties, additionalProperties (false or a
 * schema), items, minimum, and local $ref to #/$defs/NAME. A keyword outside the subset is an
 * error rather than ignored, so the schema cannot silently say more than is checked.
 */
public final class SchemaSubset {
  private static final Set<String> ANNOTATIONS = Set.of("$schema", "$id", "title", "description", "$defs");
  private static final Set<String> KEYWORDS = Set.of("type", "const", "enum", "required", "properties",
      "additionalProperties", "items", "minimum", "$ref");

  private final JsonNode root;
  private final List<String> errors = new ArrayList<>();

  private SchemaSubset(JsonNode root) {
    this.root = root;
  }

  /** The violations of {@code doc} against {@code schema}, as "/json/pointer: problem"; empty when valid. */
  public static List<String> validate(JsonNode schema, JsonNode doc) {
    SchemaSubset v = new SchemaSubset(schema);
    v.check(schema, doc, "");
    return v.errors;
  }

  private void check(JsonNode schema, JsonNode doc, String at) {
    for (Iterator<String> it = schema.fieldNames(); it.hasNext(); ) {
      String k = it.next();
      if (!KEYWORDS.contains(k) && !ANNOTATIONS.contains(k)) {
        errors.add(at + ": schema keyword '" + k + "' is outside the subset this validator checks");
      }
    }
    if (schema.has("$ref")) {
      String ref = schema.get("$ref").asText();
      if (!ref.startsWith("#/$defs/") || !root.path("$defs").has(ref.substring(8))) {
        errors.add(at + ": unresolvable $ref " + ref);
      } else {
        check(root.get("$defs").get(ref.substring(8)), doc, at);
      }
    }
    if (schema.has("type") && !typeMatches(schema.get("type"), doc)) {
      errors.add(at + ": expected type " + schema.get("type") + ", found " + doc.getNodeType());
      return;
    }
    if (schema.has("const") && !schema.get("const").equals(doc)) {
      errors.add(at + ": expected " + schema.get("const") + ", found " + doc);
    }
    if (schema.has("enum")) {
      boolean found = false;
      for (JsonNode e : schema.get("enum")) {
        found |= e.equals(doc);
      }
      if (!found) {
        errors.add(at + ": " + doc + " is not one of " + schema.get("enum"));
      }
    }
    if (schema.has("minimum") && doc.isNumber() && doc.decimalValue().compareTo(schema.get("minimum").decimalValue()) < 0) {
      errors.add(at + ": " + doc + " is below the minimum " + schema.get("minimum"));
    }
    if (doc.isObject()) {
      object(schema, doc, at);
    }
    if (doc.isArray() && schema.has("items")) {
      for (int i = 0; i < doc.size(); i++) {
        check(schema.get("items"), doc.get(i), at + "/" + i);
      }
    }
  }

  private void object(JsonNode schema, JsonNode doc, String at) {
    for (JsonNode r : schema.path("required")) {
      if (!doc.has(r.asText())) {
        errors.add(at + ": missing required property '" + r.asText() + "'");
      }
    }
    JsonNode props = schema.path("properties");
    JsonNode extra = schema.get("additionalProperties");
    for (Iterator<Map.Entry<String, JsonNode>> it = doc.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> f = it.next();
      String path = at + "/" + f.getKey();
      if (props.has(f.getKey())) {
        check(props.get(f.getKey()), f.getValue(), path);
      } else if (extra != null && extra.isBoolean() && !extra.asBoolean()) {
        errors.add(path + ": property not allowed by the schema");
      } else if (extra != null && extra.isObject()) {
        check(extra, f.getValue(), path);
      }
    }
  }

  private static boolean typeMatches(JsonNode type, JsonNode doc) {
    if (type.isArray()) {
      for (JsonNode t : type) {
        if (typeMatches(t, doc)) {
          return true;
        }
      }
      return false;
    }
    return switch (type.asText()) {
      case "object" -> doc.isObject();
      case "array" -> doc.isArray();
      case "string" -> doc.isTextual();
      case "integer" -> doc.isIntegralNumber();
      case "number" -> doc.isNumber();
      case "boolean" -> doc.isBoolean();
      case "null" -> doc.isNull();
      default -> false;
    };
  }
}
