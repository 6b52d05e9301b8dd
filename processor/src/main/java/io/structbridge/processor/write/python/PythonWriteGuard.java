package io.structbridge.processor.write.python;

/**
 * The statement of a generated view setter that writes into the buffer, wrapped so that a read-only buffer
 * ({@code bytes}, a read-only {@code memoryview} or {@code mmap}, an {@code open_array} memmap of mode {@code "r"})
 * raises a {@code TypeError} naming the record, the member path and the value ({@code _sb_read_only} of
 * the runtime {@code structbridge_rt.py}, {@link PythonRuntime}) instead of CPython's bare "argument must be read-write bytes-like object". The value is
 * checked before (a refused value keeps its own error), and the {@code try} costs nothing on the write that succeeds
 * (CPython 3.11's zero-cost exceptions).
 */
final class PythonWriteGuard {
    private PythonWriteGuard() {}

    /**
     * {@return the lines (each ending in a newline) of {@code statement} guarded at {@code indent}}
     *
     * @param struct Python expression of the record's name (a literal)
     * @param path Python expression of the member path
     * @param value Python expression of the value written
     */
    static String guard(String indent, String statement, String struct, String path, String value) {
        return indent + "try:\n" + indent + "    " + statement + "\n" + indent + "except TypeError:\n"
                + indent + "    _sb_read_only(self._sb_mv, " + struct + ", " + path + ", " + value + ")\n"
                + indent + "    raise\n";
    }
}
