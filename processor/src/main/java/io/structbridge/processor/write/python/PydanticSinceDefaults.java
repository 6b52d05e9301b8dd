package io.structbridge.processor.write.python;

import io.structbridge.processor.model.FieldModel;
import io.structbridge.processor.model.StructModel;
import io.structbridge.processor.write.json.SinceDefaults;
import java.util.ArrayList;
import java.util.List;

/**
 * The Pydantic model's side of {@link SinceDefaults}: a {@code mode="before"} model validator that gives each member of
 * a later layout version, absent from JSON of an older version (none of its JSON names present), the value all-zero
 * bytes hold, as the generated codec and a struct file of that version give it. See docs/layout-lock.md.
 */
final class PydanticSinceDefaults {
    private PydanticSinceDefaults() {}

    /** Appends the validator, if the record has a member a document may omit. */
    static void fill(StructModel model, StringBuilder b) {
        List<String> entries = new ArrayList<>();
        for (FieldModel f : model.fields()) {
            if (!SinceDefaults.optional(model, f)) {
                continue;
            }
            List<String> names = new ArrayList<>();
            names.add(PythonWriter.literal(f.jsonName()));
            f.jsonAliases().forEach(a -> names.add(PythonWriter.literal(a)));
            entries.add("((" + String.join(", ", names) + ",), " + SinceDefaults.python(f.type()) + ")");
        }
        if (entries.isEmpty()) {
            return;
        }
        b.append("\n        @_SB_model_validator(mode=\"before\")\n        @classmethod\n")
                .append("        def _sb_since_defaults(cls, data: _SB_Any) -> _SB_Any:\n")
                .append("            # members of a later layout version (@Since): JSON of an older version lacks them, and they\n")
                .append("            # read as all-zero bytes hold them, as from a struct file of that version\n")
                .append("            if isinstance(data, dict):\n")
                .append("                missing: list[tuple[tuple[str, ...], _SB_Any]] = [e for e in (")
                .append(String.join(", ", entries)).append(",) if not any(n in data for n in e[0])]\n")
                .append("                if missing:\n")
                .append("                    filled: dict[_SB_Any, _SB_Any] = dict(_SB_typing.cast(\"dict[_SB_Any, _SB_Any]\", data))\n")
                .append("                    for names, zero in missing:\n")
                .append("                        filled[names[0]] = zero\n")
                .append("                    return filled\n")
                .append("            return data\n");
    }
}
