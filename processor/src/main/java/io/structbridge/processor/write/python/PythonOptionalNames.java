package io.structbridge.processor.write.python;

import java.util.List;

/**
 * Keeps every public name of a generated module importable when NumPy or Pydantic is missing: names
 * defined only under {@code if _SB_typing.TYPE_CHECKING or _SB_np is not None:} (dtypes) or
 * {@code ... _SB_BaseModel is not None:} (models) are bound, at run time and only when the library is
 * missing, to a {@code _SB_Missing} placeholder whose every use raises {@code ImportError} naming the
 * name and the library. Type checkers skip the block ({@code if not _SB_typing.TYPE_CHECKING}), so they
 * see only the real definitions.
 */
final class PythonOptionalNames {
    private PythonOptionalNames() {}

    /** {@return {@code module} with the placeholder block appended (unchanged when it has no optional names)} */
    static String complete(String module) {
        List<PythonDefinitions.Definition> defs = PythonDefinitions.of(module);
        StringBuilder numpy = new StringBuilder();
        StringBuilder pydantic = new StringBuilder();
        for (PythonDefinitions.Definition d : defs) {
            if (d.library() == null || d.name().startsWith("_")) {
                continue;
            }
            StringBuilder to = d.library().equals("NumPy") ? numpy : pydantic;
            to.append("        ").append(d.name()).append(" = _SB_Missing(").append(PythonWriter.literal(d.name())).append(", \"")
                    .append(d.library().equals("NumPy") ? "NumPy" : "Pydantic v2").append("\")\n");
        }
        if (numpy.isEmpty() && pydantic.isEmpty()) {
            return module;
        }
        StringBuilder b = new StringBuilder(module);
        b.append("\n\nif not _SB_typing.TYPE_CHECKING:  # a missing optional library: its names stay importable and fail when used\n");
        if (!numpy.isEmpty()) {
            b.append("    if _SB_np is None:\n").append(numpy);
        }
        if (!pydantic.isEmpty()) {
            b.append("    if _SB_BaseModel is None:\n").append(pydantic);
        }
        return b.toString();
    }
}
