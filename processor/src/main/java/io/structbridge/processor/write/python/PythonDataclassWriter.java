package io.structbridge.processor.write.python;

import io.structbridge.processor.layout.StructLayoutPlan;
import io.structbridge.processor.model.FieldModel;
import io.structbridge.processor.model.FieldType;
import io.structbridge.processor.model.JavaPrim;
import io.structbridge.processor.model.StructModel;
import io.structbridge.processor.model.TaggedUnion;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes, per record {@code R}, the value twin {@code RRecord}: a frozen {@code @dataclass(slots=True)} with
 * the record's component names (a Python keyword or a name of the API gets a trailing underscore, see
 * {@link PythonViewWriter#names}), Python values (arrays as tuples, {@code byte[]} as {@code bytes},
 * {@code char[]} as a str of UTF-16 code units, enums as the module's {@code enum.IntEnum}, nested records
 * as their twins), {@code to_view(buffer, offset)}/{@code from_view(view_or_buffer, offset)}, and, where the
 * record has a Pydantic model ({@code RModel}: no untagged union, no pointer, enums with known JSON values),
 * {@code to_model()}/{@code from_model(model)}; a union tagged by the record converts as its JSON holds it,
 * the live member only. A union's twin has its non-primitive members {@code Optional}: where a struct tags
 * the union, the dead members are None (primitive ones zero / False), as in Java's record. The model keeps the JSON names; a model's values become
 * what Jackson reads from the same JSON: a Java {@code float} component's number rounded to binary32
 * (Jackson's {@code Float.parseFloat}), an enum's JSON string mapped to its constant, a {@code char[]}'s
 * string split into UTF-16 code units. The helpers ({@code _SB_j_f32}, {@code _sb_utf16_split}, ...) are the
 * runtime's ({@link PythonRuntime}).
 */
final class PythonDataclassWriter {
    private PythonDataclassWriter() {}

    static void write(List<StructLayoutPlan> order, StringBuilder b) {
        write(order, java.util.Set.of(), b);
    }

    /** @param imported the C names of structs of {@code order} whose twin the module imports (not defined again) */
    static void write(List<StructLayoutPlan> order, java.util.Set<String> imported, StringBuilder b) {
        Map<String, FieldType.EnumCode> enums = new LinkedHashMap<>();
        for (StructLayoutPlan p : order) {
            for (FieldModel f : p.model().fields()) {
                if (f.type() instanceof FieldType.EnumCode e && e.jsonKnown()) {
                    enums.putIfAbsent(e.type().flatName(), e);
                }
            }
        }
        for (Map.Entry<String, FieldType.EnumCode> e : enums.entrySet()) {
            String n = e.getKey();
            b.append("_SB_").append(n).append("_JSON: dict[").append(n).append(", str] = {")
                    .append(String.join(", ", e.getValue().constants().stream()
                            .map(c -> n + "[" + PythonWriter.literal(c.name()) + "]: " + PythonWriter.literal(c.json())).toList()))
                    .append("}\n");
            b.append("_SB_").append(n).append("_FROM_JSON: dict[str, ").append(n).append("] = {v: k for k, v in _SB_")
                    .append(n).append("_JSON.items()}\n");
        }
        for (StructLayoutPlan p : order) {
            if (!imported.contains(p.model().cName())) {
                dataclass(p.model(), b);
            }
        }
    }

    /**
     * {@return whether R has a Pydantic model the twin converts to: no untagged union, no pointer, no enum without
     * known JSON values} A union tagged here (@Tag) converts as the JSON holds it: its live member only.
     */
    static boolean convertible(StructModel m) {
        if (m.union()) {
            return false;
        }
        for (FieldModel f : m.fields()) {
            boolean ok = switch (f.type()) {
                case FieldType.Nested n when n.struct().union() -> TaggedUnion.of(m, f.name()) != null && members(n.struct());
                case FieldType.Nested n -> convertible(n.struct());
                case FieldType.NestedArray a -> convertible(a.struct());
                case FieldType.EnumCode e -> e.jsonKnown();
                case FieldType.Pointer p -> false;
                default -> true;
            };
            if (!ok) {
                return false;
            }
        }
        return true;
    }

    /** {@return whether every member of union {@code u} converts to its Pydantic model (the union's own rule aside)} */
    private static boolean members(StructModel u) {
        return u.fields().stream().allMatch(f -> switch (f.type()) {
            case FieldType.Nested n -> convertible(n.struct());
            case FieldType.NestedArray a -> convertible(a.struct());
            case FieldType.EnumCode e -> e.jsonKnown();
            case FieldType.Pointer p -> false;
            default -> true;
        });
    }

    private static void dataclass(StructModel model, StringBuilder b) {
        String r = model.cName();
        String rec = r + "Record";
        Map<FieldModel, String> names = PythonViewWriter.names(model);
        b.append("\n\n@_SB_dataclasses.dataclass(frozen=True, slots=True)\nclass ").append(rec).append(":\n");
        b.append("    \"\"\"The value of ").append(model.record().canonicalName()).append(": Python values under the record's component names;")
                .append(" written to and read from struct bytes with Java's rules (to_view, from_view).\"\"\"\n");
        for (FieldModel f : model.fields()) {
            String type = PythonViewWriter.valueType(f.type(), false);
            if (model.union() && !PythonViewWriter.primitive(f.type())) { // None: a dead member where a struct tags the union
                type = "_SB_typing.Optional[" + type + "]";
            }
            b.append("    ").append(names.get(f)).append(": ").append(type).append('\n');
        }
        if (model.fields().isEmpty()) {
            b.append("    pass\n");
        }
        b.append("\n    def to_view(self, buffer: _SB_Any, offset: int = 0) -> \"").append(r).append("View\":\n")
                .append("        \"\"\"Writes this value at byte offset offset of buffer and returns the view (on error no byte changes).\"\"\"\n")
                .append("        view = ").append(r).append("View(buffer, offset)\n        view.store(self)\n        return view\n");
        b.append("\n    @classmethod\n    def from_view(cls, view: _SB_Any, offset: int = 0) -> \"").append(rec).append("\":\n")
                .append("        \"\"\"The value in a ").append(r).append("View, or at byte offset offset of a buffer.\"\"\"\n")
                .append("        if isinstance(view, ").append(r).append("View):\n            return view.load()\n")
                .append("        return ").append(r).append("View(view, offset).load()\n");
        if (model.union()) {
            b.append("\n    # no to_model/from_model: a union has a Pydantic model only where a struct tags it (@Tag), and that\n")
                    .append("    # struct's twin converts it (the live member only)\n");
            return;
        }
        if (!convertible(model)) {
            b.append("\n    # no to_model/from_model: ").append(r).append(" has no Pydantic model (an untagged union, a pointer or an enum with a @JsonValue method)\n");
            return;
        }
        Map<FieldModel, String> modelNames = PythonWriter.pythonNames(model);
        b.append("\n    def to_model(self) -> \"").append(r).append("Model\":\n")
                .append("        \"\"\"The Pydantic model of this value (the JSON names; ValidationError where a constraint fails).\"\"\"\n")
                .append("        if _SB_BaseModel is None:\n            raise ImportError(\"to_model needs Pydantic\")\n")
                .append("        return ").append(r).append("Model.model_validate({\n");
        for (FieldModel f : model.fields()) {
            TaggedUnion t = TaggedUnion.of(model, f.name());
            String value = t != null && f.type() instanceof FieldType.Nested n && n.struct().union()
                    ? "_sb_live_to_model_" + r + "_" + f.name() + "(self." + names.get(tag(model, t)) + ", self." + names.get(f) + ")"
                    : toModel(f.type(), "self." + names.get(f));
            b.append("            ").append(PythonWriter.literal(f.jsonName())).append(": ").append(value).append(",\n");
        }
        b.append("        })\n");
        b.append("\n    @classmethod\n    def from_model(cls, model: \"").append(r).append("Model\") -> \"").append(rec).append("\":\n")
                .append("        \"\"\"The value of a Pydantic model, as Jackson reads the same JSON into the Java record.\"\"\"\n")
                .append("        return cls(\n");
        for (FieldModel f : model.fields()) {
            String value = TaggedUnion.of(model, f.name()) != null && f.type() instanceof FieldType.Nested n && n.struct().union()
                    ? "_sb_live_from_model_" + r + "_" + f.name() + "(model." + modelNames.get(f) + ")"
                    : fromModel(f.type(), "model." + modelNames.get(f));
            b.append("            ").append(names.get(f)).append("=").append(value).append(",\n");
        }
        b.append("        )\n");
        for (TaggedUnion t : model.tagged()) {
            FieldModel u = model.fields().stream().filter(f -> f.name().equals(t.union())).findFirst().orElseThrow();
            if (u.type() instanceof FieldType.Nested n && n.struct().union()) {
                liveConversions(model, t, n.struct(), b);
            }
        }
    }

    private static FieldModel tag(StructModel model, TaggedUnion t) {
        return model.fields().stream().filter(f -> f.name().equals(t.tag())).findFirst().orElseThrow();
    }

    /**
     * Writes the conversions of tagged union {@code t} of {@code model} to and from its Pydantic model, as the JSON
     * holds it: to the model, only the member the discriminator selects (the model refuses a missing one, or a
     * discriminator that selects none); from it, the live member, the others absent (None, or zero / False) as in
     * the record Java reads.
     */
    private static void liveConversions(StructModel model, TaggedUnion t, StructModel union, StringBuilder b) {
        String r = model.cName();
        String un = union.cName();
        Map<FieldModel, String> names = PythonViewWriter.names(union);
        Map<FieldModel, String> modelNames = PythonWriter.pythonNames(union);
        b.append("\n\ndef _sb_live_to_model_").append(r).append("_").append(t.union()).append("(tag: _SB_Any, value: _SB_Any) -> _SB_Any:\n")
                .append("    \"\"\"The JSON of tagged union ").append(t.union()).append(": its live member only (the model checks which).\"\"\"\n")
                .append("    if not isinstance(value, ").append(un).append("Record):\n        return value\n")
                .append("    try:\n        live = -1 if isinstance(tag, bool) else ").append(PythonViewWriter.liveMap(model, t)).append(".get(tag, -1)\n")
                .append("    except TypeError:\n        live = -1\n");
        for (int i = 0; i < union.fields().size(); i++) {
            FieldModel f = union.fields().get(i);
            b.append("    if live == ").append(i).append(":\n")
                    .append("        return {").append(PythonWriter.literal(f.jsonName())).append(": None if value.").append(names.get(f))
                    .append(" is None else ").append(toModel(f.type(), "value." + names.get(f))).append("}\n");
        }
        b.append("    return {}\n");
        b.append("\n\ndef _sb_live_from_model_").append(r).append("_").append(t.union()).append("(model: _SB_Any) -> \"").append(un)
                .append("Record\":\n")
                .append("    \"\"\"The twin of tagged union ").append(t.union()).append(" from its model: the member present, the others absent.\"\"\"\n")
                .append("    return ").append(un).append("Record(\n");
        for (FieldModel f : union.fields()) {
            String v = "model." + modelNames.get(f);
            b.append("        ").append(names.get(f)).append("=").append(PythonViewWriter.absent(f.type())).append(" if ").append(v)
                    .append(" is None else ").append(fromModel(f.type(), v)).append(",\n");
        }
        b.append("    )\n");
    }

    private static String toModel(FieldType t, String v) {
        return switch (t) {
            case FieldType.EnumCode e -> "_sb_json_constant(_SB_" + e.type().flatName() + "_JSON, " + v + ", "
                    + PythonWriter.literal(v.substring(v.indexOf('.') + 1)) + ", " + PythonWriter.literal(e.type().canonicalName()) + ")";
            case FieldType.PrimitiveArray a -> switch (PythonViewWriter.valueType(t, false)) {
                case "_SB_bytes" -> v;
                case "_SB_str" -> "_sb_utf16_join(" + v + ")";
                default -> "list(" + v + ")";
            };
            case FieldType.Nested n -> v + ".to_model()";
            case FieldType.NestedArray a -> "[e.to_model() for e in " + v + "]";
            default -> v;
        };
    }

    private static String fromModel(FieldType t, String v) {
        return switch (t) {
            case FieldType.Scalar s when s.java() == JavaPrim.FLOAT -> "_SB_j_f32(" + v + ")";
            case FieldType.EnumCode e -> "_SB_" + e.type().flatName() + "_FROM_JSON[" + v + "]";
            case FieldType.PrimitiveArray a -> switch (PythonViewWriter.valueType(t, false)) {
                case "_SB_bytes" -> "bytes(" + v + ")";
                case "_SB_str" -> "_sb_utf16_split(" + v + ")";
                default -> a.element().java() == JavaPrim.FLOAT ? "tuple(_SB_j_f32(x) for x in " + v + ")" : "tuple(" + v + ")";
            };
            case FieldType.Nested n -> n.struct().cName() + "Record.from_model(" + v + ")";
            case FieldType.NestedArray a -> "tuple(" + a.struct().cName() + "Record.from_model(e) for e in " + v + ")";
            default -> v;
        };
    }

}
