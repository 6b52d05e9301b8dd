package io.structbridge.processor.write.jsonschema;

import io.structbridge.processor.model.FieldModel;
import io.structbridge.processor.model.FieldType;
import io.structbridge.processor.model.StructModel;
import io.structbridge.processor.model.TaggedUnion;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The JSON Schema of tagged unions. The union itself ({@code $defs}) is an object with one property
 * per member, of which exactly one is present ({@code minProperties}/{@code maxProperties} 1, no
 * others). The enclosing struct says which one with an {@code allOf} of {@code if}/{@code then} per
 * member: if the discriminator is one of the member's values, the union requires that member. An
 * integral discriminator is also limited to the values some member lists (others are refused).
 */
final class TaggedUnionSchema {
    private TaggedUnionSchema() {}

    /** {@return the schema of a union's JSON object: exactly one of its members} */
    static Map<String, Object> union(StructModel union, Function<FieldModel, Map<String, Object>> field) {
        Map<String, Object> o = new LinkedHashMap<>();
        o.put("title", union.record().simpleName() + ": a tagged union, exactly its live member");
        o.put("type", "object");
        Map<String, Object> properties = new LinkedHashMap<>();
        for (FieldModel f : union.fields()) {
            properties.put(f.jsonName(), field.apply(f));
        }
        o.put("properties", properties);
        o.put("minProperties", 1);
        o.put("maxProperties", 1);
        o.put("additionalProperties", false);
        return o;
    }

    /** Adds to the enclosing struct's object schema the {@code allOf} saying which member each discriminator value selects. */
    static void addConditions(StructModel model, Map<String, Object> object) {
        if (model.tagged().isEmpty()) {
            return;
        }
        List<Object> all = new ArrayList<>();
        for (TaggedUnion t : model.tagged()) {
            FieldModel tag = model.fields().stream().filter(f -> f.name().equals(t.tag())).findFirst().orElseThrow();
            FieldModel union = model.fields().stream().filter(f -> f.name().equals(t.union())).findFirst().orElseThrow();
            StructModel unionModel = ((FieldType.Nested) union.type()).struct();
            boolean isEnum = tag.type() instanceof FieldType.EnumCode;
            List<Object> everyValue = new ArrayList<>();
            for (TaggedUnion.Alternative a : t.alternatives()) {
                List<Object> values = new ArrayList<>();
                for (String v : a.json()) {
                    values.add(isEnum ? v : (Object) Long.parseLong(v));
                }
                everyValue.addAll(values);
                String memberJson = unionModel.fields().stream().filter(f -> f.name().equals(a.member())).findFirst()
                        .orElseThrow().jsonName();
                Map<String, Object> cond = new LinkedHashMap<>();
                cond.put("if", map("properties", Map.of(tag.jsonName(), Map.of("enum", values)), "required", List.of(tag.jsonName())));
                cond.put("then", Map.of("properties", Map.of(union.jsonName(), Map.of("required", List.of(memberJson)))));
                all.add(cond);
            }
            if (!isEnum) {
                Map<String, Object> only = new LinkedHashMap<>();
                only.put("$comment", "discriminator " + tag.jsonName() + " of union " + union.jsonName()
                        + ": only the values some member lists");
                only.put("properties", Map.of(tag.jsonName(), Map.of("enum", everyValue)));
                all.add(only);
            }
        }
        object.put("allOf", all);
    }

    /** {@return an insertion-ordered map of the key/value pairs, so the schema text is stable} */
    private static Map<String, Object> map(Object... kv) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            m.put((String) kv[i], kv[i + 1]);
        }
        return m;
    }
}
