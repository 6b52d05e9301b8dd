package io.structbridge.processor.write.python;

import io.structbridge.processor.model.FieldModel;
import io.structbridge.processor.model.FieldType;
import io.structbridge.processor.model.StructModel;

/**
 * The generated {@code open_array} of a struct that holds a pointer at any depth refuses every file with
 * {@code ValueError} naming the member, as Java's {@code StructFile} does ({@code Layouts.firstPointer}): an
 * address means nothing outside the process that wrote it. The member path is Java's: {@code data.ptr},
 * {@code iov[].iov_base}.
 */
final class PythonPointerRefusal {
    private PythonPointerRefusal() {}

    /** {@return the path of the first pointer member of {@code model} in Java's form, or null when it holds none} */
    static String firstPointer(StructModel model) {
        for (FieldModel f : model.fields()) {
            String inner = switch (f.type()) {
                case FieldType.Pointer p -> "";
                case FieldType.Nested n -> prefixed(".", firstPointer(n.struct()));
                case FieldType.NestedArray n -> prefixed("[].", firstPointer(n.struct()));
                default -> null;
            };
            if (inner != null) {
                return f.name() + inner;
            }
        }
        return null;
    }

    private static String prefixed(String sep, String path) {
        return path == null ? null : sep + path;
    }

    /** {@return the lines open_array starts with: none, or the refusal of a struct holding a pointer} */
    static String check(StructModel model) {
        String p = firstPointer(model);
        if (p == null) {
            return "";
        }
        String what = PythonWriter.literal(model.record().simpleName() + "." + p + " is a pointer (@Pointer): an address means "
                + "nothing outside the process that wrote it, so a struct holding one cannot be stored in a struct file");
        return "    raise ValueError(f\"{path}: \" + " + what + ")\n";
    }
}
