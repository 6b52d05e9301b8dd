package io.structbridge.processor.write.python;

import io.structbridge.processor.model.FieldModel;
import io.structbridge.processor.model.FieldType;
import io.structbridge.processor.model.StructModel;
import io.structbridge.processor.model.TaggedUnion;
import java.util.Map;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * Pydantic models of tagged unions, accepting exactly the JSON the generated codec accepts: the
 * union's model has every member optional and a validator that exactly one is present and not null;
 * the enclosing model's validator checks that the present member is the one the discriminator
 * selects (and that the discriminator selects one).
 */
final class TaggedUnionPydantic {
    private TaggedUnionPydantic() {}

    /** {@return the C names of the unions used as tagged unions by {@code models}} */
    static Set<String> taggedUnions(Iterable<StructModel> models) {
        Set<String> out = new java.util.HashSet<>();
        for (StructModel m : models) {
            for (TaggedUnion t : m.tagged()) {
                out.add(union(m, t).cName());
            }
        }
        return out;
    }

    private static StructModel union(StructModel m, TaggedUnion t) {
        return ((FieldType.Nested) field(m, t.union()).type()).struct();
    }

    private static FieldModel field(StructModel m, String name) {
        return m.fields().stream().filter(f -> f.name().equals(name)).findFirst().orElseThrow();
    }

    /** Writes the model of a union used tagged: every member optional, exactly one present. */
    static void unionModel(StructModel union, StringBuilder b, Function<FieldModel, String> pythonName,
                           BiFunction<FieldModel, Map<String, Object>, String> annotation,
                           Function<FieldModel, Map<String, Object>> schema) {
        b.append("\n    from typing import Optional as _Optional\n")
                .append("    from pydantic import model_validator as _model_validator\n");
        b.append("\n    class ").append(union.cName()).append("Model(BaseModel):\n");
        b.append("        \"\"\"The JSON of tagged union ").append(union.record().simpleName())
                .append(": exactly one member, the live one (the enclosing model checks which).\"\"\"\n");
        b.append("        model_config = ConfigDict(extra=\"forbid\", strict=True, populate_by_name=True, val_json_bytes=\"base64\", ser_json_bytes=\"base64\")\n");
        for (FieldModel f : union.fields()) {
            b.append("        ").append(pythonName.apply(f)).append(": _Optional[").append(annotation.apply(f, schema.apply(f)))
                    .append("] = None\n");
        }
        b.append("\n        @_model_validator(mode=\"after\")\n")
                .append("        def _exactly_one_member(self):\n")
                .append("            present = sorted(self.model_fields_set)\n")
                .append("            if len(present) != 1 or getattr(self, present[0]) is None:\n")
                .append("                raise ValueError(\"a tagged union holds exactly its live member (not null), got \" + repr(present))\n")
                .append("            return self\n");
    }

    /** Writes, inside the enclosing model's class, a validator per tagged union: the member present is the one selected. */
    static void liveChecks(StructModel model, StringBuilder b, Function<FieldModel, String> pythonName) {
        for (TaggedUnion t : model.tagged()) {
            FieldModel tag = field(model, t.tag());
            FieldModel u = field(model, t.union());
            StructModel union = union(model, t);
            boolean isEnum = tag.type() instanceof FieldType.EnumCode;
            StringBuilder map = new StringBuilder("{");
            for (TaggedUnion.Alternative a : t.alternatives()) {
                String py = pythonName.apply(union.fields().stream().filter(f -> f.name().equals(a.member())).findFirst().orElseThrow());
                for (String v : a.json()) {
                    map.append(map.length() == 1 ? "" : ", ").append(isEnum ? "\"" + v.replace("\\", "\\\\").replace("\"", "\\\"") + "\"" : v)
                            .append(": \"").append(py).append('"');
                }
            }
            map.append('}');
            String tagPy = pythonName.apply(tag);
            String unionPy = pythonName.apply(u);
            b.append("\n        @_model_validator(mode=\"after\")\n")
                    .append("        def _live_").append(u.name()).append("(self):\n")
                    .append("            live = ").append(map).append(".get(self.").append(tagPy).append(")\n")
                    .append("            if live is None:\n")
                    .append("                raise ValueError(\"").append(tag.jsonName()).append(" = \" + repr(self.").append(tagPy)
                    .append(") + \" selects no member of union ").append(union.record().simpleName()).append("\")\n")
                    .append("            if getattr(self.").append(unionPy).append(", live) is None:\n")
                    .append("                raise ValueError(\"").append(tag.jsonName()).append(" = \" + repr(self.").append(tagPy)
                    .append(") + \" selects ").append(u.jsonName()).append(".\" + live + \", which is absent\")\n")
                    .append("            return self\n");
        }
    }
}
