package io.structbridge.processor.write.python;

import io.structbridge.processor.model.FieldModel;
import io.structbridge.processor.model.StructModel;
import java.util.ArrayList;
import java.util.List;

/**
 * A renamed component ({@code @FormerName}) in the Pydantic model: it validates from its JSON name or any former
 * one ({@code validation_alias=AliasChoices(new, old, ...)}), serializes by the new name, and refuses an object that
 * holds two names of one component, as the Java reader and the JSON Schema do.
 */
final class PydanticFormerNames {
    private PydanticFormerNames() {}

    /** {@return whether a component of the record has a former name} */
    static boolean renamed(StructModel model) {
        return model.fields().stream().anyMatch(f -> !f.jsonAliases().isEmpty());
    }

    /** {@return the {@code validation_alias} of a renamed component} */
    static String choices(FieldModel f) {
        List<String> names = new ArrayList<>();
        names.add(PythonWriter.literal(f.jsonName()));
        f.jsonAliases().forEach(n -> names.add(PythonWriter.literal(n)));
        return "_SB_AliasChoices(" + String.join(", ", names) + ")";
    }

    /** Appends the model validator refusing two names of one component in one object. */
    static void oneNameEach(StructModel model, StringBuilder b) {
        if (!renamed(model)) {
            return;
        }
        List<String> groups = new ArrayList<>();
        for (FieldModel f : model.fields()) {
            if (!f.jsonAliases().isEmpty()) {
                List<String> names = new ArrayList<>();
                names.add(PythonWriter.literal(f.jsonName()));
                f.jsonAliases().forEach(n -> names.add(PythonWriter.literal(n)));
                groups.add("(" + String.join(", ", names) + ",)");
            }
        }
        b.append("\n        @_SB_model_validator(mode=\"before\")\n        @classmethod\n")
                .append("        def _sb_one_name_each(cls, data: _SB_Any) -> _SB_Any:\n")
                .append("            if isinstance(data, dict):\n")
                .append("                for names in (").append(String.join(", ", groups)).append(",):\n")
                .append("                    present = [k for k in names if k in data]\n")
                .append("                    if len(present) > 1:\n")
                .append("                        raise ValueError(\"duplicate property: \" + \", \".join(map(repr, present))\n")
                .append("                                         + \" are names of one component (its name and its former names)\")\n")
                .append("            return data\n");
    }
}
