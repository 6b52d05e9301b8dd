package io.structbridge.processor.write.jsonschema;

import io.structbridge.processor.model.FieldModel;
import io.structbridge.processor.model.StructModel;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A renamed component ({@code @FormerName}) in the JSON Schema: each former JSON name is a property of the same
 * schema, marked {@code deprecated} (accepted on input, never written), and instead of {@code required} the object
 * holds exactly one of the component's names: {@code {"oneOf": [{"required": [new]}, {"required": [old]}]}} in the
 * object's {@code allOf}.
 */
final class FormerNamesSchema {
    private FormerNamesSchema() {}

    /** Adds the former names of {@code f} as deprecated properties of the schema {@code p}. */
    static void addProperties(FieldModel f, Map<String, Object> p, Map<String, Object> properties) {
        for (String former : f.jsonAliases()) {
            Map<String, Object> old = new LinkedHashMap<>(p);
            old.put("description", "The former name of \"" + f.jsonName() + "\" (@FormerName): accepted on input, never written.");
            old.put("deprecated", true);
            properties.put(former, old);
        }
    }

    /** Adds to the object schema of {@code s}: exactly one name of each renamed component. */
    @SuppressWarnings("unchecked")
    static void addRequired(StructModel s, Map<String, Object> object) {
        List<Object> all = new ArrayList<>();
        for (FieldModel f : s.fields()) {
            if (f.jsonAliases().isEmpty()) {
                continue;
            }
            List<Object> one = new ArrayList<>();
            List<Object> any = new ArrayList<>();
            one.add(Map.of("required", List.of(f.jsonName())));
            any.add(Map.of("required", List.of(f.jsonName())));
            for (String former : f.jsonAliases()) {
                one.add(Map.of("required", List.of(former)));
                any.add(Map.of("required", List.of(former)));
            }
            if (io.structbridge.processor.write.json.SinceDefaults.optional(s, f)) { // or none: JSON of an older version
                one.add(Map.of("not", Map.of("anyOf", any)));
            }
            all.add(Map.of("oneOf", one));
        }
        if (all.isEmpty()) {
            return;
        }
        Object existing = object.get("allOf");
        List<Object> merged = existing instanceof List<?> l ? new ArrayList<>((List<Object>) l) : new ArrayList<>();
        merged.addAll(all);
        object.put("allOf", merged);
    }
}
