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
            // only where the enclosing struct has JSON: no untagged union and no pointer anywhere in it
            if (io.structbridge.processor.model.Unions.firstUnion(m) != null
                    || io.structbridge.processor.write.json.PointerRule.pointerPath(m) != null) {
                continue;
            }
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

    /** Writes the model of a union used tagged: every member optional, exactly one present, only JSON names. */
    static void unionModel(StructModel union, StringBuilder b, Map<FieldModel, String> names,
                           BiFunction<FieldModel, Map<String, Object>, String> annotation,
                           Function<FieldModel, Map<String, Object>> schema) {
        b.append("\n    from typing import Optional as _Optional\n");
        b.append("\n    class ").append(union.cName()).append("Model(_SB_BaseModel):\n");
        b.append("        \"\"\"The JSON of tagged union ").append(union.record().simpleName())
                .append(": exactly one member, the live one (the enclosing model checks which).\"\"\"\n");
        b.append("        model_config: _SB_typing.ClassVar[_SB_ConfigDict] = _SB_ConfigDict(extra=\"forbid\", strict=True, val_json_bytes=\"base64\", ser_json_bytes=\"base64\", serialize_by_alias=True)\n");
        for (FieldModel f : union.fields()) {
            String inner = "_Optional[" + annotation.apply(f, schema.apply(f)) + "]";
            b.append("        ").append(names.get(f)).append(": ")
                    .append(f.jsonName().equals(names.get(f)) ? inner : "_SB_Annotated[" + inner + ", _SB_Field(alias=" + PythonWriter.literal(f.jsonName()) + ")]")
                    .append(" = None\n");
        }
        b.append("\n        @_SB_model_validator(mode=\"before\")\n        @classmethod\n")
                .append("        def _sb_exactly_one_member(cls, data: _SB_Any) -> _SB_Any:\n")
                .append("            if isinstance(data, dict):\n")
                .append("                unknown = [k for k in data if k not in {")
                .append(String.join(", ", union.fields().stream().map(f -> PythonWriter.literal(f.jsonName())).toList())).append("}]\n")
                .append("                if unknown:\n")
                .append("                    raise ValueError(\"unknown members of union ").append(union.record().simpleName())
                .append(": \" + \", \".join(map(repr, unknown)))\n")
                .append("                if len(data) != 1 or next(iter(data.values())) is None:\n")
                .append("                    raise ValueError(\"a tagged union holds exactly its live member (not null), got \" + repr(sorted(data)))\n")
                .append("            return data\n")
                // model_dump()/model_dump_json() write the live member only, as Jackson does, so the dump validates again
                .append("\n        @_SB_model_serializer(mode=\"wrap\")\n")
                .append("        def _sb_live_member_only(self, handler: _SB_Any) -> _SB_Any:\n")
                .append("            data = handler(self)\n")
                .append("            return {k: v for k, v in data.items() if v is not None} if isinstance(data, dict) else data\n");
    }

    /** Writes, inside the enclosing model's class, a validator per tagged union: the member present is the one selected. */
    static void liveChecks(StructModel model, StringBuilder b, Map<FieldModel, String> names) {
        for (TaggedUnion t : model.tagged()) {
            FieldModel tag = field(model, t.tag());
            FieldModel u = field(model, t.union());
            StructModel union = union(model, t);
            Map<FieldModel, String> memberNames = PythonWriter.pythonNames(union);
            boolean isEnum = tag.type() instanceof FieldType.EnumCode;
            StringBuilder map = new StringBuilder("{");
            for (TaggedUnion.Alternative a : t.alternatives()) {
                String py = memberNames.get(union.fields().stream().filter(f -> f.name().equals(a.member())).findFirst().orElseThrow());
                for (String v : a.json()) {
                    map.append(map.length() == 1 ? "" : ", ").append(isEnum ? PythonWriter.literal(v) : v)
                            .append(": ").append(PythonWriter.literal(py));
                }
            }
            map.append('}');
            String tagPy = names.get(tag);
            String unionPy = names.get(u);
            b.append("\n        @_SB_model_validator(mode=\"after\")\n")
                    .append("        def _sb_live_").append(u.name()).append("(self) -> \"_SB_typing.Self\":\n")
                    .append("            live = ").append(map).append(".get(self.").append(tagPy).append(")\n")
                    .append("            if live is None:\n")
                    .append("                raise ValueError(").append(PythonWriter.literal(tag.jsonName() + " = ")).append(" + repr(self.").append(tagPy)
                    .append(") + ").append(PythonWriter.literal(" selects no member of union " + union.record().simpleName())).append(")\n")
                    .append("            if getattr(self.").append(unionPy).append(", live) is None:\n")
                    .append("                raise ValueError(").append(PythonWriter.literal(tag.jsonName() + " = ")).append(" + repr(self.").append(tagPy)
                    .append(") + ").append(PythonWriter.literal(" selects " + u.jsonName() + ".")).append(" + live + \", which is absent\")\n")
                    .append("            return self\n");
        }
    }
}
