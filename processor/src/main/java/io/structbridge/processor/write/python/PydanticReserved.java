package io.structbridge.processor.write.python;

import io.structbridge.processor.model.StructModel;
import java.util.List;

/**
 * The reserved components ({@code @Reserved}) in the Pydantic model: no field, but JSON written before the member
 * was removed holds its JSON name, so a {@code mode="before"} validator accepts the name with any value and drops it
 * (the model still refuses other unknown properties, and never writes the name), as the Java reader and the JSON
 * Schema do. See docs/layout-lock.md, "Declared changes".
 */
final class PydanticReserved {
    private PydanticReserved() {}

    /** Appends the model validator dropping the JSON names of the reserved components, if the record has any. */
    static void dropReserved(StructModel model, StringBuilder b) {
        if (model.reserved().isEmpty()) {
            return;
        }
        List<String> names = model.reserved().stream().flatMap(r -> r.jsonNames().stream()).map(PythonWriter::literal).toList();
        String tuple = "(" + String.join(", ", names) + ",)";
        b.append("\n        @_SB_model_validator(mode=\"before\")\n        @classmethod\n")
                .append("        def _sb_drop_reserved(cls, data: _SB_Any) -> _SB_Any:\n")
                .append("            # the JSON names of reserved components (@Reserved): old JSON holds them; any value, ignored\n")
                .append("            if isinstance(data, dict) and any(k in data for k in ").append(tuple).append("):\n")
                .append("                kept: dict[_SB_Any, _SB_Any] = dict(_SB_typing.cast(\"dict[_SB_Any, _SB_Any]\", data))\n")
                .append("                for k in ").append(tuple).append(":\n")
                .append("                    kept.pop(k, None)\n")
                .append("                return kept\n")
                .append("            return data\n");
    }
}
