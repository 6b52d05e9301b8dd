package io.structbridge.processor.write.python;

import io.structbridge.processor.write.ColumnKinds;
import io.structbridge.annotations.Endian;
import io.structbridge.processor.layout.Member;
import io.structbridge.processor.layout.StructLayoutPlan;
import io.structbridge.processor.model.CTypes;
import io.structbridge.processor.model.FieldType;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes the Arrow export of {@code R.py}: {@code ARROW_COLUMNS}, the struct's leaf columns as Java's
 * {@code RStruct.COLUMNS} lists them (same paths, offsets, kinds, sizes, byte orders, text rules, enum constants,
 * bit positions and unions; nested structs flattened, a nested struct array one column per element), and
 * {@code arrow_schema}, {@code record_batches}, {@code arrow_stream} and {@code to_arrow}, which pass them with the
 * module's dtype and open_array to the runtime's one implementation ({@code _SB_arrow_*} in structbridge_rt.py).
 */
final class PythonArrowWriter {
    private PythonArrowWriter() {}

    /** {@return the module's Arrow section} */
    static String write(StructLayoutPlan plan) {
        String name = plan.model().cName();
        List<String> columns = new ArrayList<>();
        columns(plan, "", 0, null, columns);
        StringBuilder b = new StringBuilder("\n\nARROW_COLUMNS: \"tuple[_SB_ArrowColumn, ...]\" = (\n");
        for (String c : columns) {
            b.append("    ").append(c).append(",\n");
        }
        b.append(")\n\"\"\"The leaf columns of ").append(name).append(" as Java's COLUMNS lists them (io.structbridge.runtime.Column): "
                + "the Arrow export's facts.\"\"\"\n");
        List<String> tagged = new ArrayList<>();
        tagged(plan, "", tagged);
        b.append("\nARROW_TAGGED: \"tuple[_SB_ArrowTagged, ...]\" = (\n");
        for (String t : tagged) {
            b.append("    ").append(t).append(",\n");
        }
        b.append(")\n\"\"\"The tagged unions of ").append(name).append(" as Java's TAGGED lists them (io.structbridge.runtime.TaggedUnion): "
                + "union path, discriminator column path, (member, discriminator values) per member.\"\"\"\n");
        b.append(TEMPLATE.replace("@NAME@", name).replace("@DTYPE@", name + "_dtype"));
        return b.toString();
    }

    /** Appends the columns of {@code plan}'s members at {@code base}, paths prefixed, as Column.nest/nestArray move them. */
    private static void columns(StructLayoutPlan plan, String prefix, long base, String union, List<String> out) {
        // the innermost union wins (Java's Column.inUnion keeps a deeper union's mark, then Column.moved under each prefix)
        String inUnion = plan.model().union() ? (prefix.isEmpty() ? "" : prefix.substring(0, prefix.length() - 1)) : union;
        for (Member m : plan.members()) {
            String path = prefix + m.field().name();
            long off = base + m.offset();
            switch (m.field().type()) {
                case FieldType.Scalar s -> out.add(column(path, off, ColumnKinds.of(s.ctype()), s.ctype().size(), 1, false,
                        CTypes.min(s.ctype()) < 0, order(s.order()), "", inUnion));
                case FieldType.PrimitiveArray a -> out.add(column(path, off, ColumnKinds.of(a.element().ctype()), a.element().ctype().size(),
                        a.length(), true, CTypes.min(a.element().ctype()) < 0, order(a.element().order()), "", inUnion));
                case FieldType.Text x -> out.add(column(path, off, "TEXT", 1, x.capacity(), false, false, "<",
                        ", encoding=\"" + switch (x.encoding()) {
                            case UTF_8 -> "utf-8";
                            case ASCII -> "ascii";
                            case LATIN_1 -> "latin-1";
                        } + "\", nul=" + (x.nulTerminated() ? "True" : "False"), inUnion));
                case FieldType.EnumCode e -> {
                    StringBuilder k = new StringBuilder(", constants=(");
                    for (FieldType.EnumConstant c : e.constants()) {
                        boolean signed = CTypes.min(e.ctype()) < 0;
                        k.append('(').append(PythonWriter.literal(c.name())).append(", ")
                                .append(signed ? Long.toString(c.code()) : Long.toUnsignedString(c.code())).append("), ");
                    }
                    out.add(column(path, off, "ENUM", e.ctype().size(), 1, false, CTypes.min(e.ctype()) < 0, order(e.order()),
                            k.toString().replaceAll(", $", "") + (e.constants().size() == 1 ? ",)" : ")"), inUnion));
                }
                case FieldType.BitField f -> out.add(column(path, base + m.bits().firstByte(), ColumnKinds.of(f.declared().ctype()),
                        (int) (m.bits().endByte() - m.bits().firstByte()), 1, false, f.signed(), "<",
                        ", shift=" + m.bits().shift() + ", width=" + f.width(), inUnion));
                case FieldType.Nested n -> columns(m.nested(), path + ".", off, inUnion, out);
                case FieldType.NestedArray a -> {
                    for (int i = 0; i < a.length(); i++) {
                        String at = path + "[" + i + "]";
                        columns(m.nested(), at + ".", off + i * m.nested().size(), inUnion, out);
                    }
                }
                case FieldType.Pointer p -> out.add(column(path, off, "POINTER", 8, 1, false, false, "=", "", inUnion));
            }
        }
    }

    /** Appends the tagged unions of {@code plan}'s members, paths prefixed, as Java's TaggedUnion.nest/nestArray move them. */
    private static void tagged(StructLayoutPlan plan, String prefix, List<String> out) {
        for (Member m : plan.members()) {
            String path = prefix + m.field().name();
            io.structbridge.processor.model.TaggedUnion own = io.structbridge.processor.model.TaggedUnion.of(plan.model(), m.field().name());
            if (own != null) {
                List<String> cases = new ArrayList<>();
                for (io.structbridge.processor.model.TaggedUnion.Alternative a : own.alternatives()) {
                    cases.add(tuple(List.of(PythonWriter.literal(a.member()), tuple(a.codes().stream().map(String::valueOf).toList()))));
                }
                out.add("_SB_ArrowTagged(" + PythonWriter.literal(path) + ", " + PythonWriter.literal(prefix + own.tag()) + ", "
                        + tuple(cases) + ")");
            }
            switch (m.field().type()) {
                case FieldType.Nested n -> tagged(m.nested(), path + ".", out);
                case FieldType.NestedArray a -> {
                    for (int i = 0; i < a.length(); i++) {
                        tagged(m.nested(), path + "[" + i + "].", out);
                    }
                }
                default -> { }
            }
        }
    }

    /** {@return a Python tuple literal of the items ({@code (a,)} for one)} */
    private static String tuple(List<String> items) {
        return "(" + String.join(", ", items) + (items.size() == 1 ? ",)" : ")");
    }

    private static String column(String path, long offset, String kind, int size, int length, boolean array, boolean signed,
                                 String order, String extra, String union) {
        return "_SB_ArrowColumn(" + PythonWriter.literal(path) + ", " + offset + ", \"" + kind + "\", " + size + ", " + length
                + ", " + (array ? "True" : "False") + ", " + (signed ? "True" : "False") + ", \"" + order + "\"" + extra
                + (union == null ? "" : ", union=" + PythonWriter.literal(union)) + ")";
    }

    private static String order(Endian e) {
        return switch (e) {
            case NATIVE -> "=";
            case LITTLE -> "<";
            case BIG -> ">";
        };
    }

    private static final String TEMPLATE = """


            def arrow_schema(columns: "_SB_Sequence[str] | None" = None, *, unions: str = "dense") -> _SB_Any:
                \"\"\"The pyarrow.Schema of @NAME@'s Arrow export (that of Java's ArrowExport): columns, if given, the top-level
                fields to keep, in the order given; unions "dense" or "sparse": how a tagged union is written (Java's
                UnionMode; DuckDB reads only "sparse").\"\"\"
                return _SB_arrow_schema(ARROW_COLUMNS, NAME, columns, tagged=ARROW_TAGGED, unions=unions)


            def record_batches(source: "str | _SB_os.PathLike[str] | _SB_Any", *, batch_rows: int = 65536,
                               columns: "_SB_Sequence[str] | None" = None, unions: str = "dense") -> "_SB_Iterator[_SB_Any]":
                \"\"\"pyarrow.RecordBatch of batch_rows rows each (the last shorter) of a struct file (a path: open_array(path, "r"))
                or an array of @DTYPE@ (an open_array memmap), converted lazily, one batch in memory at a time: the types,
                names and values of Java's ArrowExport, every value Java's export checks checked (ValueError, an
                ArrowDataError naming the row and field, as Java's message). A tagged union is an Arrow dense union of the
                member its discriminator selects, or with unions="sparse" a sparse union of nullable members (Java's
                UnionMode). See structbridge_rt._SB_arrow_batches.\"\"\"
                return _SB_arrow_batches(_SB_arrow_source(source, open_array, @DTYPE@, SIZE, NAME), ARROW_COLUMNS, NAME, batch_rows,
                                         columns, tagged=ARROW_TAGGED, unions=unions)


            def arrow_stream(source: "str | _SB_os.PathLike[str] | _SB_Any", *, batch_rows: int = 65536,
                             columns: "_SB_Sequence[str] | None" = None, unions: str = "dense") -> _SB_Any:
                \"\"\"record_batches as a pyarrow.RecordBatchReader, an Arrow C stream (__arrow_c_stream__) that Polars
                (polars.from_arrow, polars.DataFrame), DuckDB and pyarrow consume (DuckDB: with unions="sparse" for a
                struct holding a tagged union; it reads no dense union).\"\"\"
                return _SB_arrow_reader(_SB_arrow_source(source, open_array, @DTYPE@, SIZE, NAME), ARROW_COLUMNS, NAME, batch_rows,
                                        columns, tagged=ARROW_TAGGED, unions=unions)


            def to_arrow(source: "str | _SB_os.PathLike[str] | _SB_Any", *, batch_rows: "int | None" = None,
                         columns: "_SB_Sequence[str] | None" = None, unions: str = "dense") -> _SB_Any:
                \"\"\"The pyarrow.Table of record_batches (batch_rows None: one batch of every row).\"\"\"
                return _SB_arrow_table(_SB_arrow_source(source, open_array, @DTYPE@, SIZE, NAME), ARROW_COLUMNS, NAME, batch_rows,
                                       columns, tagged=ARROW_TAGGED, unions=unions)
            """;
}
