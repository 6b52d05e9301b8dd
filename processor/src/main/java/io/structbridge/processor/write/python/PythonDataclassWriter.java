package io.structbridge.processor.write.python;

import io.structbridge.processor.layout.StructLayoutPlan;
import io.structbridge.processor.model.FieldModel;
import io.structbridge.processor.model.FieldType;
import io.structbridge.processor.model.JavaPrim;
import io.structbridge.processor.model.StructModel;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes, per record {@code R}, the value twin {@code RRecord}: a frozen {@code @dataclass(slots=True)} with
 * the record's component names (a Python keyword or a name of the API gets a trailing underscore, see
 * {@link PythonViewWriter#names}), Python values (arrays as tuples, {@code byte[]} as {@code bytes},
 * {@code char[]} as a str of UTF-16 code units, enums as the module's {@code enum.IntEnum}, nested records
 * as their twins), {@code to_view(buffer, offset)}/{@code from_view(view_or_buffer, offset)}, and, where the
 * record has a Pydantic model ({@code RModel}: no union, no pointer, enums with known JSON values),
 * {@code to_model()}/{@code from_model(model)}. The model keeps the JSON names; a model's values become
 * what Jackson reads from the same JSON: a Java {@code float} component's number rounded to binary32
 * (Jackson's {@code Float.parseFloat}), an enum's JSON string mapped to its constant, a {@code char[]}'s
 * string split into UTF-16 code units.
 */
final class PythonDataclassWriter {
    private PythonDataclassWriter() {}

    static void write(List<StructLayoutPlan> order, StringBuilder b) {
        b.append(HELPERS);
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
            dataclass(p.model(), b);
        }
    }

    /** {@return whether R has a Pydantic model the twin converts to: no union, pointer or enum without known JSON values} */
    static boolean convertible(StructModel m) {
        if (m.union()) {
            return false;
        }
        for (FieldModel f : m.fields()) {
            boolean ok = switch (f.type()) {
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

    private static void dataclass(StructModel model, StringBuilder b) {
        String r = model.cName();
        String rec = r + "Record";
        Map<FieldModel, String> names = PythonViewWriter.names(model);
        b.append("\n\n@_SB_dataclasses.dataclass(frozen=True, slots=True)\nclass ").append(rec).append(":\n");
        b.append("    \"\"\"The value of ").append(model.record().canonicalName()).append(": Python values under the record's component names;")
                .append(" written to and read from struct bytes with Java's rules (to_view, from_view).\"\"\"\n");
        for (FieldModel f : model.fields()) {
            b.append("    ").append(names.get(f)).append(": ").append(PythonViewWriter.valueType(f.type(), false)).append('\n');
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
        if (!convertible(model)) {
            b.append("\n    # no to_model/from_model: ").append(r).append(" has no Pydantic model (a union, a pointer or an enum with a @JsonValue method)\n");
            return;
        }
        Map<FieldModel, String> modelNames = PythonWriter.pythonNames(model);
        b.append("\n    def to_model(self) -> \"").append(r).append("Model\":\n")
                .append("        \"\"\"The Pydantic model of this value (the JSON names; ValidationError where a constraint fails).\"\"\"\n")
                .append("        if _SB_BaseModel is None:\n            raise ImportError(\"to_model needs Pydantic\")\n")
                .append("        return ").append(r).append("Model.model_validate({\n");
        for (FieldModel f : model.fields()) {
            b.append("            ").append(PythonWriter.literal(f.jsonName())).append(": ").append(toModel(f.type(), "self." + names.get(f))).append(",\n");
        }
        b.append("        })\n");
        b.append("\n    @classmethod\n    def from_model(cls, model: \"").append(r).append("Model\") -> \"").append(rec).append("\":\n")
                .append("        \"\"\"The value of a Pydantic model, as Jackson reads the same JSON into the Java record.\"\"\"\n")
                .append("        return cls(\n");
        for (FieldModel f : model.fields()) {
            b.append("            ").append(names.get(f)).append("=").append(fromModel(f.type(), "model." + modelNames.get(f))).append(",\n");
        }
        b.append("        )\n");
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
            case FieldType.Scalar s when s.java() == JavaPrim.FLOAT -> "_sb_f32(" + v + ")";
            case FieldType.EnumCode e -> "_SB_" + e.type().flatName() + "_FROM_JSON[" + v + "]";
            case FieldType.PrimitiveArray a -> switch (PythonViewWriter.valueType(t, false)) {
                case "_SB_bytes" -> "bytes(" + v + ")";
                case "_SB_str" -> "_sb_utf16_split(" + v + ")";
                default -> a.element().java() == JavaPrim.FLOAT ? "tuple(_sb_f32(x) for x in " + v + ")" : "tuple(" + v + ")";
            };
            case FieldType.Nested n -> n.struct().cName() + "Record.from_model(" + v + ")";
            case FieldType.NestedArray a -> "tuple(" + a.struct().cName() + "Record.from_model(e) for e in " + v + ")";
            default -> v;
        };
    }

    private static final String HELPERS = """


            def _sb_f32(v: float) -> float:
                \"\"\"v rounded to the nearest binary32, as Jackson reads a JSON number into a Java float (beyond the
                largest float: an infinity).\"\"\"
                try:
                    return _SB_struct.unpack("<f", _SB_struct.pack("<f", v))[0]
                except OverflowError:
                    return _SB_math.copysign(_SB_math.inf, v)


            def _sb_json_constant(names: dict[_SB_Any, str], value: object, member: str, enum: str) -> str:
                \"\"\"The JSON name of the enum constant value; ValueError naming the member where value is not a constant.\"\"\"
                try:
                    return names[value]
                except (KeyError, TypeError):
                    raise ValueError(f"to_model: {member} = {value!r} is not a constant of the Java enum {enum}") from None


            def _sb_utf16_join(units: str) -> str:
                \"\"\"A Java char[] (one str character per UTF-16 code unit) as the string Jackson writes: surrogate pairs joined.\"\"\"
                return units.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "surrogatepass")


            def _sb_utf16_split(text: str) -> str:
                \"\"\"A JSON string as Jackson reads it into a Java char[]: one character per UTF-16 code unit.\"\"\"
                data = text.encode("utf-16-le", "surrogatepass")
                return "".join(chr(int.from_bytes(data[i:i + 2], "little")) for i in range(0, len(data), 2))

            """;
}
