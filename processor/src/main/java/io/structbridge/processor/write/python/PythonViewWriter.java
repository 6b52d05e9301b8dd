package io.structbridge.processor.write.python;

import io.structbridge.annotations.CType;
import io.structbridge.annotations.Endian;
import io.structbridge.processor.layout.BitFieldRuns;
import io.structbridge.processor.layout.Member;
import io.structbridge.processor.layout.StructLayoutPlan;
import io.structbridge.processor.model.CTypes;
import io.structbridge.processor.model.FieldModel;
import io.structbridge.processor.model.FieldType;
import io.structbridge.processor.model.JavaPrim;
import io.structbridge.processor.model.StructModel;
import io.structbridge.processor.model.TaggedUnion;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Writes, per record {@code R} of the module, the typed record view {@code RView}: {@code __slots__}, built
 * over any buffer ({@code bytes}, {@code bytearray}, {@code memoryview}, {@code mmap}, a NumPy structured
 * array or memmap) and a byte offset, with one property per member that reads and writes the struct's
 * bytes in place through {@code struct.Struct.unpack_from}/{@code pack_into} (no copy of the struct);
 * {@code RView.at(buffer, i)}, {@code RView.iter(buffer)} and {@code RView.count(buffer)} over struct arrays;
 * {@code load()}/{@code store(value)} to and from the value twin {@code RRecord}. Every write applies the
 * Java setter's rule before a byte changes (codecs of the runtime {@code structbridge_rt.py}, {@link PythonRuntime}), so a refused write leaves
 * the bytes unchanged; every read applies the Java getter's rule. Also the {@code enum.IntEnum} per Java
 * enum (the stable codes) and the module-level load/store functions the value twins use.
 */
final class PythonViewWriter {
    private PythonViewWriter() {}

    /**
     * Names of the views' and value twins' own API and of the view's slots: a component with one of these names gets a
     * trailing underscore.
     */
    static final Set<String> API = Set.of("at", "move", "iter", "count", "load", "store", "SIZE", "to_view", "from_view",
            "to_model", "from_model", "_sb_mv", "_sb_off", "_sb_hold", "_sb_within");

    /**
     * Writes the helpers, the enums, the codecs and load/store functions of every struct in {@code all} (a package
     * module's nested structs from sibling modules too: those are private names) and the views of {@code order}
     * (nested first); an enum named in {@code imported} comes from a sibling module and is not defined again.
     */
    static void write(List<StructLayoutPlan> order, List<StructLayoutPlan> all, Set<String> imported, StringBuilder b) {
        Map<String, FieldType.EnumCode> enums = new LinkedHashMap<>();
        for (StructLayoutPlan p : all) {
            for (FieldModel f : p.model().fields()) {
                if (f.type() instanceof FieldType.EnumCode e && !imported.contains(e.type().flatName())) {
                    enums.putIfAbsent(e.type().flatName(), e);
                }
            }
        }
        enumClasses(enums, b);
        for (StructLayoutPlan p : all) {
            codecs(p, b);
        }
        for (StructLayoutPlan p : all) {
            if (order.contains(p)) {
                view(p, b);
            }
            loadStore(p, b);
            if (p.model().union()) {
                liveLoadStore(p, b);
            }
        }
    }

    /**
     * Writes one {@code enum.IntEnum} class per entry of {@code enums} (class name to enum), with the enum's stable codes:
     * a class statement where every constant can be a member of one, else the functional form ({@code _SB_enum} is the
     * module's {@code enum}).
     */
    static void enumClasses(Map<String, FieldType.EnumCode> enums, StringBuilder b) {
        for (Map.Entry<String, FieldType.EnumCode> e : enums.entrySet()) {
            if (classSyntax(e.getValue())) { // a class statement: its type is declared (pyright --verifytypes)
                b.append("\n\nclass ").append(e.getKey()).append("(_SB_enum.IntEnum):\n    \"\"\"The Java enum ")
                        .append(e.getValue().type().canonicalName()).append(" with its stable native codes (an unknown code is refused on read).\"\"\"\n\n");
                e.getValue().constants().forEach(c -> b.append("    ").append(c.name()).append(" = ").append(c.code()).append('\n'));
                continue;
            }
            b.append("\n\n").append(e.getKey()).append(" = _SB_enum.IntEnum(").append(PythonWriter.literal(e.getKey())).append(", [")
                    .append(String.join(", ", e.getValue().constants().stream()
                            .map(c -> "(" + PythonWriter.literal(c.name()) + ", " + c.code() + ")").toList()))
                    .append("])\n\"\"\"The Java enum ").append(e.getValue().type().canonicalName())
                    .append(" with its stable native codes (an unknown code is refused on read).\"\"\"\n");
        }
    }

    /** {@return the Python value of an absent (dead) member of a tagged union, as Java's: None, or the primitive's zero} */
    static String absent(FieldType t) {
        JavaPrim prim = switch (t) {
            case FieldType.Scalar s -> s.java();
            case FieldType.BitField f -> f.declared().java();
            default -> null;
        };
        if (prim == null) {
            return "None";
        }
        return switch (prim) {
            case BOOLEAN -> "False";
            case CHAR -> "\"\\x00\"";
            case FLOAT, DOUBLE -> "0.0";
            default -> "0";
        };
    }

    /** {@return whether a member's Java type is primitive (never null: a dead one is zero / false)} */
    static boolean primitive(FieldType t) {
        return !"None".equals(absent(t));
    }

    /**
     * The module-level {@code _sb_load_live_U}/{@code _sb_store_live_U} of a union U, as Java's {@code readLive$},
     * {@code checkLive$} and {@code writeLive$}: only member {@code member} (its index in component order) is
     * decoded, checked and stored (over zeroed bytes); the others are absent (None, or zero / False). Messages
     * name the union ({@code U.member: ...}) at the top level, as Java's do; nested in another struct, that
     * struct and the path to the union, as Java's {@code nestedIn}.
     */
    private static void liveLoadStore(StructLayoutPlan p, StringBuilder b) {
        StructModel model = p.model();
        String r = model.cName();
        String u = PythonWriter.literal(simple(model));
        Map<FieldModel, String> names = names(model);
        Map<Member, BitFieldRuns.Run> runs = runs(p);
        b.append("\n\ndef _sb_load_live_").append(r).append("(mv: memoryview, off: int, member: int, struct: str, prefix: str) -> \"")
                .append(r).append("Record\":\n")
                .append("    \"\"\"Only member member of the union decoded (Java's readLive$): the others absent (None, or zero / False).\"\"\"\n")
                .append("    if not prefix:\n        struct = ").append(u).append('\n');
        for (int i = 0; i < p.members().size(); i++) {
            Member m = p.members().get(i);
            FieldModel f = m.field();
            String path = "prefix + " + PythonWriter.literal(f.name());
            b.append("    ").append(i == 0 ? "if" : "elif").append(" member == ").append(i).append(":\n")
                    .append("        return ").append(r).append("Record(");
            for (int j = 0; j < p.members().size(); j++) {
                FieldModel fj = p.members().get(j).field();
                b.append(j == 0 ? "" : ", ").append(names.get(fj)).append("=")
                        .append(j == i ? loadExpr(model, i, m, runs, path) : absent(fj.type()));
            }
            b.append(")\n");
        }
        b.append("    raise IndexError(f\"no member of index {member}\")\n");
        b.append("\n\ndef _sb_store_live_").append(r).append("(mv: memoryview, off: int, value: \"").append(r)
                .append("Record\", member: int, struct: str, prefix: str) -> None:\n")
                .append("    \"\"\"Zeroes the union's bytes and stores only member member of value, checked (Java's checkLive$ and writeLive$;\n")
                .append("    into a scratch copy); the other members are ignored.\"\"\"\n")
                .append("    if not prefix:\n        struct = ").append(u).append('\n')
                .append("    mv[off:off + ").append(p.size()).append("] = bytes(").append(p.size()).append(")\n");
        for (int i = 0; i < p.members().size(); i++) {
            Member m = p.members().get(i);
            FieldModel f = m.field();
            String path = "prefix + " + PythonWriter.literal(f.name());
            b.append("    ").append(i == 0 ? "if" : "elif").append(" member == ").append(i).append(":\n");
            b.append("        v = value.").append(names.get(f)).append('\n');
            if (!primitive(f.type())) {
                b.append("        if v is None:\n            raise _sb_error(struct, ").append(path)
                        .append(", \"must not be null (native structs have no null)\", None)\n");
            }
            b.append(storeStatement(model, i, m, runs, "v", path, "        "));
        }
        b.append("    else:\n        raise IndexError(f\"no member of index {member}\")\n");
    }

    /** {@return the expression that loads member i of {@code model} (mv, off, struct in scope)} */
    private static String loadExpr(StructModel model, int i, Member m, Map<Member, BitFieldRuns.Run> runs, String path) {
        FieldModel f = m.field();
        return switch (f.type()) {
            case FieldType.Nested n -> "_sb_load_" + n.struct().cName() + "(mv, off + " + m.offset() + ", struct, " + path + " + \".\")";
            case FieldType.NestedArray a -> "tuple(_sb_load_" + a.struct().cName() + "(mv, off + " + m.offset() + " + i * "
                    + (m.size() / a.length()) + ", struct, " + path + " + f\"[{i}].\") for i in range(" + a.length() + "))";
            case FieldType.PrimitiveArray a when valueType(f.type(), false).startsWith("_SB_tuple") ->
                    "tuple(" + codec(model, i) + ".get(mv, off + " + m.offset() + ", struct, " + path + "))";
            case FieldType.BitField bf -> codec(model, i) + ".get(mv, off + " + runs.get(m).offset() + ", struct, " + path + ")";
            default -> codec(model, i) + ".get(mv, off + " + m.offset() + ", struct, " + path + ")";
        };
    }

    /** {@return the statement(s) that check and store member i of {@code model} from {@code val} (mv, off, struct in scope)} */
    private static String storeStatement(StructModel model, int i, Member m, Map<Member, BitFieldRuns.Run> runs, String val,
                                         String path, String indent) {
        FieldModel f = m.field();
        return indent + switch (f.type()) {
            case FieldType.Nested n -> "_sb_store_" + n.struct().cName() + "(mv, off + " + m.offset() + ", " + val + ", struct, " + path
                    + " + \".\")\n";
            case FieldType.NestedArray a -> "_sb_store_array(mv, off + " + m.offset() + ", " + val + ", " + a.length() + ", "
                    + (m.size() / a.length()) + ", _sb_store_" + a.struct().cName() + ", struct, " + path + ")\n";
            case FieldType.BitField bf -> codec(model, i) + ".put(mv, off + " + runs.get(m).offset() + ", " + codec(model, i) + ".check("
                    + val + ", struct, " + path + "))\n";
            default -> codec(model, i) + ".put(mv, off + " + m.offset() + ", " + codec(model, i) + ".check(" + val + ", struct, " + path
                    + "))\n";
        };
    }

    /** {@return the name of the dict from discriminator values to the index of the member of tagged union {@code t} they select} */
    static String liveMap(StructModel model, TaggedUnion t) {
        return "_SB_" + model.cName() + "_LIVE_" + t.union();
    }

    /** Writes {@link #liveMap} of every tagged union of {@code p}. */
    private static void liveMaps(StructLayoutPlan p, StringBuilder b) {
        StructModel model = p.model();
        for (TaggedUnion t : model.tagged()) {
            FieldModel tag = model.fields().stream().filter(f -> f.name().equals(t.tag())).findFirst().orElseThrow();
            StructModel union = ((FieldType.Nested) model.fields().stream().filter(f -> f.name().equals(t.union())).findFirst()
                    .orElseThrow().type()).struct();
            List<String> entries = new java.util.ArrayList<>();
            for (TaggedUnion.Alternative a : t.alternatives()) {
                int index = union.fields().indexOf(union.fields().stream().filter(f -> f.name().equals(a.member())).findFirst().orElseThrow());
                if (tag.type() instanceof FieldType.EnumCode e) {
                    a.constants().forEach(c -> entries.add(e.type().flatName() + "[" + PythonWriter.literal(c) + "]: " + index));
                } else {
                    a.codes().forEach(c -> entries.add(c + ": " + index));
                }
            }
            b.append(liveMap(model, t)).append(": dict[_SB_Any, int] = {").append(String.join(", ", entries)).append("}\n");
        }
    }

    /**
     * {@return whether every constant of {@code e} can be a member of an IntEnum class statement: an identifier
     * that is no Python keyword, no name of Enum's own API and no _sunder_/__dunder__ name (else the functional form)}
     */
    private static boolean classSyntax(FieldType.EnumCode e) {
        return e.constants().stream().allMatch(c -> c.name().matches("[A-Za-z][A-Za-z0-9_]*")
                && !io.structbridge.processor.model.PythonNames.KEYWORDS.contains(c.name())
                && !Set.of("name", "value", "mro", "conjugate", "real", "imag", "numerator", "denominator", "bit_length",
                        "bit_count", "to_bytes", "from_bytes", "as_integer_ratio", "is_integer").contains(c.name()));
    }

    /**
     * {@return the Python attribute name of each component in the view and the value twin}: the component's name, as in
     * the ctypes class, the dtype and the cffi declarations ({@code _sigev_un} stays {@code _sigev_un}), except that a
     * Python keyword or a name of {@link #API} gets a trailing underscore (more until it is unique)
     */
    static Map<FieldModel, String> names(StructModel model) {
        Set<String> taken = new java.util.HashSet<>();
        model.fields().forEach(f -> taken.add(f.name()));
        Map<FieldModel, String> names = new LinkedHashMap<>();
        for (FieldModel f : model.fields()) {
            String n = f.name();
            while (API.contains(n) || io.structbridge.processor.model.PythonNames.KEYWORDS.contains(n)
                    || (!n.equals(f.name()) && taken.contains(n))) {
                n = n + "_";
            }
            taken.add(n);
            names.put(f, n);
        }
        return names;
    }

    static String codec(StructModel m, int index) {
        return "_SB_" + m.cName() + "_m" + index;
    }

    static String simple(StructModel m) {
        return m.record().simpleName();
    }

    private static String fmt(CType t, Endian order) {
        String o = switch (order) {
            case BIG -> ">";
            case LITTLE -> "<";
            case NATIVE -> "=";
        };
        return o + switch (t) {
            case BOOL, UINT8 -> "B";
            case INT8 -> "b";
            case INT16 -> "h";
            case UINT16 -> "H";
            case INT32 -> "i";
            case UINT32 -> "I";
            case INT64 -> "q";
            case UINT64, UINT64_BITS -> "Q";
            case FLOAT -> "f";
            case DOUBLE -> "d";
            case FLOAT16 -> "e";
        };
    }

    /** {@return the codec expression for a scalar member or array element} */
    private static String scalarCodec(FieldType.Scalar s) {
        String f = PythonWriter.literal(fmt(s.ctype(), s.order()));
        return switch (s.java()) {
            case BOOLEAN -> "_SB_Bool()";
            case CHAR -> "_SB_Char(" + f + ", " + Math.min(0xffff, CTypes.max(s.ctype())) + ", \"" + CTypes.cName(s.ctype()) + "\")";
            case FLOAT, DOUBLE -> "_SB_Float(" + f + ")";
            default -> {
                if (CTypes.rawBits(s.ctype())) {
                    yield "_SB_Bits64(" + f + ", " + Long.MIN_VALUE + ", 18446744073709551615, \"uint64_t\")";
                }
                long lo = Math.max(CTypes.min(s.ctype()), s.java().min());
                long hi = Math.min(CTypes.max(s.ctype()), s.java().max());
                yield "_SB_Int(" + f + ", " + lo + ", " + hi + ", \"" + CTypes.cName(s.ctype()) + "\""
                        + (s.ctype() == CType.UINT64 ? ", True" : "") + ")";
            }
        };
    }

    static String encoding(FieldType.Text t) {
        return switch (t.encoding()) {
            case UTF_8 -> "utf-8";
            case ASCII -> "ascii";
            case LATIN_1 -> "latin-1";
        };
    }

    private static void codecs(StructLayoutPlan p, StringBuilder b) {
        StructModel model = p.model();
        b.append("\n\n# ").append(model.cName()).append(": one codec per member (Java's rule for the member's type)\n");
        Map<Member, BitFieldRuns.Run> runs = runs(p);
        for (int i = 0; i < p.members().size(); i++) {
            Member m = p.members().get(i);
            String c = switch (m.field().type()) {
                case FieldType.Scalar s -> scalarCodec(s);
                case FieldType.EnumCode e -> "_SB_Enum(" + PythonWriter.literal(fmt(e.ctype(), e.order())) + ", " + e.type().flatName()
                        + ", " + PythonWriter.literal(e.type().simpleName()) + ")";
                case FieldType.Text t -> "_SB_Text(" + t.capacity() + ", \"" + encoding(t) + "\", " + py(t.nulTerminated()) + ", "
                        + py(t.truncate()) + ")";
                case FieldType.PrimitiveArray a -> "_SB_Array(" + scalarCodec(a.element()) + ", " + a.length() + ", \""
                        + (a.element().java() == JavaPrim.BYTE && a.element().ctype() == CType.INT8 ? "bytes"
                        : a.element().java() == JavaPrim.CHAR ? "chars" : "list") + "\")";
                case FieldType.Pointer ptr -> "_SB_Int(\"=Q\", 0, 18446744073709551615, \"a pointer (an address)\")";
                case FieldType.BitField f -> {
                    BitFieldRuns.Run r = runs.get(m);
                    long bit = m.bits().bitOffset() - 8 * r.offset();
                    yield "_SB_BitField(" + bit + ", " + f.width() + ", " + py(f.signed()) + ", " + f.min() + ", " + f.max() + ", "
                            + r.size() + ", " + py(f.declared().java() == JavaPrim.BOOLEAN) + ", \""
                            + CTypes.cName(f.declared().ctype()) + "\")";
                }
                case FieldType.Nested n -> null;
                case FieldType.NestedArray a -> null;
            };
            if (c != null) {
                b.append(codec(model, i)).append(" = ").append(c).append('\n');
            }
            if (fast(m) != null) {
                b.append(codec(model, i)).append("_get = ").append(codec(model, i)).append(".s.unpack_from\n")
                        .append(codec(model, i)).append("_put = ").append(codec(model, i)).append(".s.pack_into\n");
            } else if (m.field().type() instanceof FieldType.Text t) { // the view property's read: the capacity's bytes at once
                b.append(codec(model, i)).append("_raw = _SB_struct.Struct(\"").append(t.capacity()).append("s\").unpack_from\n");
            }
        }
    }

    static Map<Member, BitFieldRuns.Run> runs(StructLayoutPlan p) {
        Map<Member, BitFieldRuns.Run> runs = new java.util.HashMap<>();
        for (BitFieldRuns.Slot s : BitFieldRuns.slots(p)) {
            if (s instanceof BitFieldRuns.Run r) {
                r.fields().forEach(m -> runs.put(m, r));
            }
        }
        return runs;
    }

    private static String py(boolean v) {
        return v ? "True" : "False";
    }

    /** {@return the Python type of a member's value in the view (nested: the nested view)} */
    static String valueType(FieldType t, boolean view) {
        return switch (t) {
            case FieldType.Scalar s -> scalarType(s);
            case FieldType.EnumCode e -> e.type().flatName();
            case FieldType.Text x -> "_SB_str";
            case FieldType.PrimitiveArray a -> a.element().java() == JavaPrim.BYTE && a.element().ctype() == CType.INT8 ? "_SB_bytes"
                    : a.element().java() == JavaPrim.CHAR ? "_SB_str"
                    : "_SB_tuple[" + scalarType(a.element()) + ", ...]"; // views too: an element write must not change a copy
            case FieldType.Pointer p -> "_SB_int";
            case FieldType.BitField f -> f.declared().java() == JavaPrim.BOOLEAN ? "_SB_bool" : "_SB_int";
            case FieldType.Nested n -> n.struct().cName() + (view ? "View" : "Record");
            case FieldType.NestedArray a -> "_SB_tuple[" + a.struct().cName() + (view ? "View" : "Record") + ", ...]";
        };
    }

    /**
     * {@return the Python type of a scalar, through the module's aliases of the builtins}: a component named
     * {@code bytes} or {@code int} binds that name in the view's class body, so a later annotation must not use it.
     */
    private static String scalarType(FieldType.Scalar s) {
        return switch (s.java()) {
            case BOOLEAN -> "_SB_bool";
            case CHAR -> "_SB_str";
            case FLOAT, DOUBLE -> "_SB_float";
            default -> "_SB_int";
        };
    }

    /** {@return the Python type a setter takes: arrays as any sequence, nested members as the value twin} */
    private static String setterType(FieldType t) {
        return switch (t) {
            case FieldType.PrimitiveArray a -> valueType(t, true).startsWith("_SB_tuple[")
                    ? "_SB_Sequence[" + scalarType(a.element()) + "]" : valueType(t, true);
            case FieldType.Nested n -> n.struct().cName() + "Record";
            case FieldType.NestedArray a -> "_SB_Sequence[" + a.struct().cName() + "Record]";
            default -> valueType(t, true);
        };
    }

    private static void view(StructLayoutPlan p, StringBuilder b) {
        StructModel model = p.model();
        String r = model.cName();
        String v = r + "View";
        String s = PythonWriter.literal(simple(model));
        Map<FieldModel, String> names = names(model);
        Map<Member, BitFieldRuns.Run> runs = runs(p);
        b.append("\n\nclass ").append(v).append(":\n");
        b.append("    \"\"\"A typed view of one ").append(r).append(" (").append(p.size()).append(" bytes")
                .append(model.union() ? ", a union: every member at offset 0" : "")
                .append(") in place in a buffer: each property reads or writes the member's bytes with Java's rule\n")
                .append("    (a refused write raises ValueError or TypeError and changes no byte; invalid stored bytes raise ValueError).\"\"\"\n");
        b.append("    __slots__ = (\"_sb_mv\", \"_sb_off\", \"_sb_hold\", \"_sb_stride\")\n");
        b.append("    SIZE: _SB_ClassVar[int] = ").append(p.size()).append('\n');
        b.append("\n    def __init__(self, buffer: _SB_Any, offset: int = 0) -> None:\n")
                .append("        \"\"\"The ").append(r).append(" at byte offset offset of buffer (no copy; IndexError if it does not fit).\"\"\"\n")
                .append("        mv = _sb_struct_bytes(buffer, ").append(PythonWriter.literal(r)).append(", ").append(p.size())
                .append(", ").append(PythonWriter.literal(r + "_dtype")).append(", False, globals())\n")
                .append("        _sb_check_index(").append(PythonWriter.literal(r)).append(", mv, offset, ").append(p.size()).append(")\n")
                .append("        self._sb_mv: memoryview = mv\n        self._sb_off: int = offset\n")
                .append("        self._sb_hold: \"memoryview | None\" = _sb_mapping(buffer)  # the mmap under a NumPy array stays mapped\n")
                .append("        self._sb_stride: int = ").append(p.size()).append("  # move's step: SIZE, or a newer file's struct size (at)\n");
        b.append("\n    @classmethod\n    def count(cls, buffer: _SB_Any) -> int:\n")
                .append("        \"\"\"The number of structs in buffer, an array of them (ValueError if its size is not a multiple of SIZE).\"\"\"\n")
                .append("        return _sb_struct_bytes(buffer, ").append(PythonWriter.literal(r)).append(", ").append(p.size())
                .append(", ").append(PythonWriter.literal(r + "_dtype")).append(", True, globals()).nbytes // _sb_stride(buffer, ")
                .append(p.size()).append(")\n");
        b.append("\n    @classmethod\n    def at(cls, buffer: _SB_Any, index: int) -> \"").append(v).append("\":\n")
                .append("        \"\"\"The view of element index (0-based) of buffer, an array of ").append(r).append(" (IndexError outside it).\"\"\"\n")
                .append("        if index.__class__ is not int:\n")
                .append("            index = _sb_index(").append(PythonWriter.literal(r)).append(", index)\n")
                .append("        mv = _sb_struct_bytes(buffer, ").append(PythonWriter.literal(r)).append(", ").append(p.size())
                .append(", ").append(PythonWriter.literal(r + "_dtype")).append(", True, globals())\n")
                .append("        stride = _sb_stride(buffer, ").append(p.size()).append(")\n")
                .append("        if index < 0 or (index + 1) * stride > mv.nbytes:\n")
                .append("            raise IndexError(f\"").append(r).append(": index {index} outside the array of {mv.nbytes // stride} structs\")\n")
                .append("        view = cls.__new__(cls)\n        view._sb_mv = mv\n        view._sb_off = index * stride\n")
                .append("        view._sb_hold = _sb_mapping(buffer)\n        view._sb_stride = stride\n")
                .append("        return view\n");
        b.append("\n    @classmethod\n    def _sb_within(cls, mv: memoryview, offset: int, hold: \"memoryview | None\") -> \"").append(v).append("\":\n")
                .append("        \"\"\"The view at byte offset offset of mv, a member of a view that checked the bounds and holds the mapping.\"\"\"\n")
                .append("        view = cls.__new__(cls)\n        view._sb_mv = mv\n        view._sb_off = offset\n        view._sb_hold = hold\n")
                .append("        view._sb_stride = ").append(p.size()).append('\n')
                .append("        return view\n");
        b.append("\n    def move(self, index: int) -> \"").append(v).append("\":\n")
                .append("        \"\"\"Re-points this view to element index (0-based) of the same buffer, an array of ").append(r)
                .append(", and returns it:\n        one view walks an array with no new object per element (IndexError outside it).\"\"\"\n")
                .append("        if index.__class__ is not int:\n")
                .append("            index = _sb_index(").append(PythonWriter.literal(r)).append(", index)\n")
                .append("        stride = self._sb_stride\n")
                .append("        if self._sb_mv.nbytes % stride:\n")
                .append("            raise ValueError(f\"").append(r).append(": a buffer of {self._sb_mv.nbytes} bytes is not an array of {stride}-byte structs\")\n")
                .append("        if index < 0 or (index + 1) * stride > self._sb_mv.nbytes:\n")
                .append("            raise IndexError(f\"").append(r).append(": index {index} outside the array of {self._sb_mv.nbytes // stride} structs\")\n")
                .append("        self._sb_off = index * stride\n        return self\n");
        b.append("\n    @classmethod\n    def iter(cls, buffer: _SB_Any) -> _SB_Iterator[\"").append(v).append("\"]:\n")
                .append("        \"\"\"A view of each struct of buffer, an array of ").append(r).append(", in order (no copy).\"\"\"\n")
                .append("        mv = _sb_struct_bytes(buffer, ").append(PythonWriter.literal(r)).append(", ").append(p.size())
                .append(", ").append(PythonWriter.literal(r + "_dtype")).append(", True, globals())\n")
                .append("        stride = _sb_stride(buffer, ").append(p.size()).append(")\n        for i in range(mv.nbytes // stride):\n")
                .append("            view = cls(mv, i * stride)\n            view._sb_stride = stride\n            yield view\n");
        b.append("\n    def load(self) -> \"").append(r).append("Record\":\n")
                .append("        \"\"\"The struct's value (every member read with Java's rule).\"\"\"\n")
                .append("        return _sb_load_").append(r).append("(self._sb_mv, self._sb_off, ").append(s).append(", \"\")\n");
        b.append("\n    def store(self, value: \"").append(r).append("Record\") -> None:\n")
                .append("        \"\"\"Writes value: every member checked first; on error no byte changes.\"\"\"\n")
                .append("        o = self._sb_off\n        scratch = bytearray(self._sb_mv[o:o + ").append(p.size()).append("])\n")
                .append("        _sb_store_").append(r).append("(memoryview(scratch), 0, value, ").append(s).append(", \"\")\n")
                .append(PythonWriteGuard.guard("        ", "self._sb_mv[o:o + " + p.size() + "] = scratch", s, "\"\"", "value"));
        b.append("\n    def __repr__(self) -> str:\n        return f\"").append(v).append("(offset={self._sb_off})\"\n");
        for (int i = 0; i < p.members().size(); i++) {
            Member m = p.members().get(i);
            FieldModel f = m.field();
            String n = names.get(f);
            String path = PythonWriter.literal(f.name());
            b.append("\n    @property\n    def ").append(n).append("(self) -> ").append(quoted(valueType(f.type(), true))).append(":\n");
            b.append("        \"\"\"").append(doc(m)).append("\"\"\"\n");
            switch (f.type()) {
                case FieldType.Nested nested when TaggedUnion.of(model, f.name()) != null -> {
                    b.append("        return ").append(nested.struct().cName()).append("View(self._sb_mv, self._sb_off + ").append(m.offset()).append(")\n");
                    taggedSetter(p, b, m, nested, runs);
                }
                case FieldType.Nested nested -> {
                    b.append("        return ").append(nested.struct().cName()).append("View._sb_within(self._sb_mv, self._sb_off + ").append(m.offset())
                            .append(", self._sb_hold)\n");
                    setterWithScratch(b, n, setterType(f.type()), m, "_sb_store_" + nested.struct().cName()
                            + "(memoryview(scratch), 0, value, " + s + ", " + PythonWriter.literal(f.name() + ".") + ")", s);
                }
                case FieldType.NestedArray a -> {
                    long stride = m.size() / a.length();
                    b.append("        return tuple(").append(a.struct().cName()).append("View._sb_within(self._sb_mv, self._sb_off + ").append(m.offset())
                            .append(" + i * ").append(stride).append(", self._sb_hold) for i in range(").append(a.length()).append("))\n");
                    setterWithScratch(b, n, setterType(f.type()), m, "_sb_store_array(memoryview(scratch), 0, value, " + a.length()
                            + ", " + stride + ", _sb_store_" + a.struct().cName() + ", " + s + ", " + path + ")", s);
                }
                case FieldType.BitField bf -> {
                    long run = runs.get(m).offset();
                    b.append("        return ").append(codec(model, i)).append(".get(self._sb_mv, self._sb_off + ").append(run).append(", ")
                            .append(s).append(", ").append(path).append(")\n");
                    b.append("\n    @").append(n).append(".setter\n    def ").append(n).append("(self, value: ").append(quoted(setterType(f.type())))
                            .append(") -> None:\n        checked = ").append(codec(model, i)).append(".check(value, ").append(s).append(", ")
                            .append(path).append(")\n").append(PythonWriteGuard.guard("        ", codec(model, i)
                                    + ".put(self._sb_mv, self._sb_off + " + run + ", checked)", s, path, "value"));
                }
                default -> {
                    String fast = fast(m);
                    if (fast != null) {
                        String k = codec(model, i);
                        b.append("        return ").append(k).append("_get(self._sb_mv, self._sb_off + ").append(m.offset()).append(")[0]\n");
                        b.append("\n    @").append(n).append(".setter\n    def ").append(n).append("(self, value: ").append(quoted(setterType(f.type())))
                                .append(") -> None:\n");
                        String check = "value = " + k + ".check(value, " + s + ", " + path + ")";
                        b.append(switch (fast) {
                            case "d" -> "        if value.__class__ is not float:\n            " + check + "\n";
                            case "f" -> "        " + check + "\n";
                            default -> "        if value.__class__ is not int or not " + fast + ":\n            " + check + "\n";
                        });
                        b.append(liveGuard(model, f, "value", s));
                        b.append(PythonWriteGuard.guard("        ", k + "_put(self._sb_mv, self._sb_off + " + m.offset() + ", value)", s, path, "value"));
                        continue;
                    }
                    if (f.type() instanceof FieldType.Text t) { // up to the first NUL, decoded; anything else: get says why
                        b.append("        raw, = ").append(codec(model, i)).append("_raw(self._sb_mv, self._sb_off + ").append(m.offset()).append(")\n")
                                .append("        try:\n            return raw[:raw.index(0)].decode(").append(t.encoding() == io.structbridge.annotations.Encoding.UTF_8
                                        ? "" : "\"" + encoding(t) + "\"").append(")\n")
                                .append("        except ValueError:  # no NUL, or undecodable (UnicodeDecodeError is a ValueError)\n    ");
                    }
                    b.append("        return ").append(codec(model, i)).append(".get(self._sb_mv, self._sb_off + ").append(m.offset()).append(", ")
                            .append(s).append(", ").append(path).append(")\n");
                    b.append("\n    @").append(n).append(".setter\n    def ").append(n).append("(self, value: ").append(quoted(setterType(f.type())))
                            .append(") -> None:\n        checked = ").append(codec(model, i)).append(".check(value, ").append(s).append(", ")
                            .append(path).append(")\n").append(liveGuard(model, f, "checked", s)).append(PythonWriteGuard.guard("        ", codec(model, i)
                                    + ".put(self._sb_mv, self._sb_off + " + m.offset() + ", checked)", s, path, "value"));
                }
            }
        }
    }

    /**
     * {@return the check of a discriminator's setter, as Java's: an integer value that selects no member of a union the
     * member tags is refused with write's message, before a byte changes} Empty for other members (an enum
     * discriminator's every constant selects a member).
     */
    private static String liveGuard(StructModel model, FieldModel f, String value, String struct) {
        StringBuilder g = new StringBuilder();
        if (f.type() instanceof FieldType.Scalar) {
            for (TaggedUnion t : model.tagged()) {
                if (t.tag().equals(f.name())) {
                    FieldType.Nested n = (FieldType.Nested) model.fields().stream().filter(x -> x.name().equals(t.union())).findFirst()
                            .orElseThrow().type();
                    g.append("        _sb_live_or_fail(").append(liveMap(model, t)).append(", ").append(value).append(", ").append(struct)
                            .append(", ").append(PythonWriter.literal(t.union())).append(", ").append(PythonWriter.literal(t.tag()))
                            .append(", ").append(PythonWriter.literal(simple(n.struct()))).append(")\n");
                }
            }
        }
        return g.toString();
    }

    /**
     * {@return how a member's view property takes the fast path (the struct's unpack_from/pack_into bound at module
     * level, no codec call on a valid value), or null}: {@code "d"} a double, {@code "f"} a float or half (the
     * exactness check always runs), else the range test {@code lo <= value <= hi} of an integer read unchecked.
     */
    private static String fast(Member m) {
        if (!(m.field().type() instanceof FieldType.Scalar s)) {
            return m.field().type() instanceof FieldType.Pointer ? "0 <= value <= 18446744073709551615" : null;
        }
        return switch (s.java()) {
            case BOOLEAN, CHAR -> null;
            case FLOAT, DOUBLE -> s.ctype() == CType.DOUBLE ? "d" : "f";
            default -> {
                if (CTypes.rawBits(s.ctype())) {
                    yield "0 <= value <= 18446744073709551615";
                }
                if (s.ctype() == CType.UINT64) {
                    yield null; // reads above 2^63-1 are refused: the codec's get
                }
                yield Math.max(CTypes.min(s.ctype()), s.java().min()) + " <= value <= " + Math.min(CTypes.max(s.ctype()), s.java().max());
            }
        };
    }

    /**
     * The view's setter of a tagged union component, as Java's {@code RStruct} setter: only the member the stored
     * discriminator selects is checked and stored, over zeroed union bytes (into a scratch copy: no byte changes on
     * error); the value's other members are ignored, so the union {@code load()} returns is written back as it was.
     */
    private static void taggedSetter(StructLayoutPlan p, StringBuilder b, Member m, FieldType.Nested nested,
                                     Map<Member, BitFieldRuns.Run> runs) {
        StructModel model = p.model();
        TaggedUnion tagged = TaggedUnion.of(model, m.field().name());
        Member tag = p.members().stream().filter(x -> x.field().name().equals(tagged.tag())).findFirst().orElseThrow();
        String s = PythonWriter.literal(simple(model));
        String path = PythonWriter.literal(m.field().name());
        String un = nested.struct().cName();
        String n = names(model).get(m.field());
        b.append("\n    @").append(n).append(".setter\n    def ").append(n).append("(self, value: ").append(quoted(un + "Record"))
                .append(") -> None:\n")
                .append("        \"\"\"Stores only the member the stored ").append(tagged.tag())
                .append(" selects, over zeroed union bytes (Java's setter); the others are ignored.\"\"\"\n")
                .append("        mv, off, struct = self._sb_mv, self._sb_off, ").append(s).append('\n')
                .append("        if value is None:\n            raise _sb_error(struct, ").append(path)
                .append(", \"must not be null (native structs have no null)\", None)\n")
                .append("        live = _sb_live_or_fail(").append(liveMap(model, tagged)).append(", ")
                .append(loadExpr(model, p.members().indexOf(tag), tag, runs, PythonWriter.literal(tag.field().name())))
                .append(", struct, ").append(path).append(", ").append(PythonWriter.literal(tagged.tag())).append(", ")
                .append(PythonWriter.literal(simple(nested.struct()))).append(")\n")
                .append("        if not isinstance(value, ").append(un).append("Record):\n")
                .append("            raise _sb_wrong_class(struct, ").append(path).append(", ").append(un).append("Record, value)\n")
                .append("        o = off + ").append(m.offset()).append('\n')
                .append("        scratch = bytearray(mv[o:o + ").append(m.size()).append("])\n")
                .append("        _sb_store_live_").append(un).append("(memoryview(scratch), 0, value, live, struct, \"\")\n")
                .append(PythonWriteGuard.guard("        ", "mv[o:o + " + m.size() + "] = scratch", s, path, "value"));
    }

    private static void setterWithScratch(StringBuilder b, String n, String type, Member m, String store, String struct) {
        b.append("\n    @").append(n).append(".setter\n    def ").append(n).append("(self, value: ").append(quoted(type)).append(") -> None:\n")
                .append("        o = self._sb_off + ").append(m.offset()).append('\n')
                .append("        scratch = bytearray(self._sb_mv[o:o + ").append(m.size()).append("])\n")
                .append("        ").append(store).append('\n')
                .append(PythonWriteGuard.guard("        ", "self._sb_mv[o:o + " + m.size() + "] = scratch", struct,
                        PythonWriter.literal(m.field().name()), "value"));
    }

    /** {@return a type annotation as a string when it names a class defined later in the module (views before twins)} */
    private static String quoted(String type) {
        return type.contains("View") || type.contains("Record") ? "\"" + type + "\"" : type;
    }

    private static String doc(Member m) {
        String c = m.field().type() instanceof FieldType.Pointer ptr ? "C " + ptr.cType().strip() + ": the address, meaningful in this process only"
                : "C " + io.structbridge.processor.write.CDeclarations.baseType(m) + " "
                + io.structbridge.processor.write.CDeclarations.declarator(m);
        return (c + ", offset " + m.offset() + ", size " + m.size()).replace("\\", "\\\\").replace("\"", "'");
    }

    /** The module-level {@code _sb_load_R}/{@code _sb_store_R} the views' load/store and the value twins use. */
    private static void loadStore(StructLayoutPlan p, StringBuilder b) {
        StructModel model = p.model();
        String r = model.cName();
        Map<FieldModel, String> names = names(model);
        Map<Member, BitFieldRuns.Run> runs = runs(p);
        if (!model.tagged().isEmpty()) {
            b.append("\n\n");
            liveMaps(p, b);
        }
        b.append("\n\ndef _sb_load_").append(r).append("(mv: memoryview, off: int, struct: str, prefix: str) -> \"").append(r).append("Record\":\n");
        if (model.union()) { // Java's read of a union: a member that does not read is absent unless it refuses (UnionBytes.refusing)
            b.append("    values: list[_SB_Any] = []\n    failed: list[_SB_Any] = []\n")
                    .append("    for read, absent in _SB_").append(r).append("_READ:\n")
                    .append("        try:\n            values.append(read(mv, off, struct, prefix))\n            failed.append(None)\n")
                    .append("        except ValueError as e:\n            values.append(absent)\n            failed.append(e)\n")
                    .append("    refusing = _sb_union_refusing(mv, off, failed, _SB_").append(r).append("_HELD)\n")
                    .append("    if refusing >= 0:\n        raise failed[refusing]\n")
                    .append("    return ").append(r).append("Record(");
            for (int i = 0; i < p.members().size(); i++) {
                b.append(i == 0 ? "" : ", ").append(names.get(p.members().get(i).field())).append("=values[").append(i).append("]");
            }
            b.append(")\n\n\n_SB_").append(r).append("_READ: tuple[tuple[_SB_Callable[[memoryview, int, str, str], _SB_Any], _SB_Any], ...] = (\n");
            for (int i = 0; i < p.members().size(); i++) {
                Member m = p.members().get(i);
                b.append("    (lambda mv, off, struct, prefix: ")
                        .append(loadExpr(model, i, m, runs, "prefix + " + PythonWriter.literal(m.field().name())))
                        .append(", ").append(absent(m.field().type())).append("),\n");
            }
            b.append(")\n");
        } else {
        b.append("    return ").append(r).append("Record(\n");
        for (int i = 0; i < p.members().size(); i++) {
            Member m = p.members().get(i);
            FieldModel f = m.field();
            String path = "prefix + " + PythonWriter.literal(f.name());
            b.append("        ").append(names.get(f)).append("=");
            TaggedUnion tagged = TaggedUnion.of(model, f.name());
            if (tagged != null && f.type() instanceof FieldType.Nested n) { // Java's read: only the live member
                Member tag = p.members().stream().filter(x -> x.field().name().equals(tagged.tag())).findFirst().orElseThrow();
                int ti = p.members().indexOf(tag);
                b.append("_sb_load_live_").append(n.struct().cName()).append("(mv, off + ").append(m.offset()).append(", _sb_live_or_fail(")
                        .append(liveMap(model, tagged)).append(", ").append(loadExpr(model, ti, tag, runs, "prefix + " + PythonWriter.literal(tag.field().name())))
                        .append(", struct, ").append(path).append(", ").append(PythonWriter.literal(tagged.tag())).append(", ")
                        .append(PythonWriter.literal(simple(n.struct()))).append("), struct, prefix),\n");
                continue;
            }
            switch (f.type()) {
                case FieldType.Nested n -> b.append("_sb_load_").append(n.struct().cName()).append("(mv, off + ").append(m.offset())
                        .append(", struct, ").append(path).append(" + \".\")");
                case FieldType.NestedArray a -> b.append("tuple(_sb_load_").append(a.struct().cName()).append("(mv, off + ").append(m.offset())
                        .append(" + i * ").append(m.size() / a.length()).append(", struct, ").append(path).append(" + f\"[{i}].\") for i in range(")
                        .append(a.length()).append("))");
                case FieldType.PrimitiveArray a when valueType(f.type(), false).startsWith("_SB_tuple") ->
                        b.append("tuple(").append(codec(model, i)).append(".get(mv, off + ").append(m.offset()).append(", struct, ")
                                .append(path).append("))");
                case FieldType.BitField bf -> b.append(codec(model, i)).append(".get(mv, off + ").append(runs.get(m).offset())
                        .append(", struct, ").append(path).append(")");
                default -> b.append(codec(model, i)).append(".get(mv, off + ").append(m.offset()).append(", struct, ").append(path).append(")");
            }
            b.append(",\n");
        }
        b.append("    )\n");
        }
        if (model.union()) { // the bits each member holds, as Java's UNION$ (UnionMasks)
            io.structbridge.processor.layout.UnionMasks masks = io.structbridge.processor.layout.UnionMasks.of(p);
            b.append("\n\n_SB_").append(r).append("_HELD: tuple[tuple[bytes, tuple[tuple[int, int], ...]], ...] = (\n");
            for (io.structbridge.processor.layout.UnionMasks.MemberMask mm : masks.members()) {
                b.append("    (bytes.fromhex(\"").append(mm.hex()).append("\"), (");
                for (long[] t : mm.texts()) {
                    b.append('(').append(t[0]).append(", ").append(t[1]).append("), ");
                }
                b.append(")),\n");
            }
            b.append(")\n");
        }
        // value: object, checked first (a union's twin may hold None where a struct tags it; the C store refuses it)
        b.append("\n\ndef _sb_store_").append(r).append("(mv: memoryview, off: int, value: object, struct: str, prefix: str) -> None:\n");
        b.append("    \"\"\"Writes value into mv (a scratch copy: it may stop half-way with an error)").append(model.union()
                ? "; as Java's write of a union: every member stored alone over zeros, merged over the bits it holds,"
                        + " each must then read back as given; bits no member holds keep their values" : "").append(".\"\"\"\n");
        b.append("    if not isinstance(value, ").append(r).append("Record):\n")
                .append("        raise _sb_wrong_class(struct, prefix, ").append(r).append("Record, value)\n");
        if (model.union()) {
            unionStore(p, b, names, runs);
            return;
        }
        for (int i = 0; i < p.members().size(); i++) {
            Member m = p.members().get(i);
            FieldModel f = m.field();
            String path = "prefix + " + PythonWriter.literal(f.name());
            String val = "value." + names.get(f);
            TaggedUnion tagged = TaggedUnion.of(model, f.name());
            if (tagged != null && f.type() instanceof FieldType.Nested n) { // Java's check and write: only the live member
                String un = n.struct().cName();
                FieldModel tag = model.fields().stream().filter(x -> x.name().equals(tagged.tag())).findFirst().orElseThrow();
                b.append("    if ").append(val).append(" is None:\n        raise _sb_error(struct, ").append(path)
                        .append(", \"must not be null (native structs have no null)\", None)\n")
                        .append("    live = _sb_live_or_fail(").append(liveMap(model, tagged)).append(", value.").append(names.get(tag))
                        .append(", struct, ").append(path).append(", ").append(PythonWriter.literal(tagged.tag())).append(", ")
                        .append(PythonWriter.literal(simple(n.struct()))).append(")\n")
                        .append("    if not isinstance(").append(val).append(", ").append(un).append("Record):\n")
                        .append("        raise _sb_wrong_class(struct, ").append(path).append(", ").append(un).append("Record, ").append(val).append(")\n")
                        .append("    _sb_store_live_").append(un).append("(mv, off + ").append(m.offset()).append(", ").append(val)
                        .append(", live, struct, prefix)\n");
                continue;
            }
            switch (f.type()) {
                case FieldType.Nested n -> b.append("    _sb_store_").append(n.struct().cName()).append("(mv, off + ").append(m.offset())
                        .append(", ").append(val).append(", struct, ").append(path).append(" + \".\")\n");
                case FieldType.NestedArray a -> b.append("    _sb_store_array(mv, off + ").append(m.offset()).append(", ").append(val).append(", ")
                        .append(a.length()).append(", ").append(m.size() / a.length()).append(", _sb_store_").append(a.struct().cName())
                        .append(", struct, ").append(path).append(")\n");
                case FieldType.BitField bf -> b.append("    ").append(codec(model, i)).append(".put(mv, off + ").append(runs.get(m).offset())
                        .append(", ").append(codec(model, i)).append(".check(").append(val).append(", struct, ").append(path).append("))\n");
                default -> b.append("    ").append(codec(model, i)).append(".put(mv, off + ").append(m.offset()).append(", ")
                        .append(codec(model, i)).append(".check(").append(val).append(", struct, ").append(path).append("))\n");
            }
        }
    }

    /**
     * The body of {@code _sb_store_U} of a union, as Java's {@code check} and {@code write}: members that are None are
     * not stored (they do not read in the bytes), a primitive at its zero is merged first (under the others), every
     * other member stored alone over zeros and merged over the bits it holds; then each member must read back from the
     * merged bytes as given (a None or zero member may instead not read), and the bytes must not be refused
     * ({@code _sb_union_refusing}, Java's {@code UnionBytes.refusing}, with Java's message).
     */
    private static void unionStore(StructLayoutPlan p, StringBuilder b, Map<FieldModel, String> names, Map<Member, BitFieldRuns.Run> runs) {
        StructModel model = p.model();
        String r = model.cName();
        b.append("    target, base = mv, off\n    merged, held = bytearray(").append(p.size()).append("), bytearray(")
                .append(p.size()).append(")\n");
        for (int pass = 0; pass < 2; pass++) {
            for (int i = 0; i < p.members().size(); i++) {
                Member m = p.members().get(i);
                FieldModel f = m.field();
                String val = "value." + names.get(f);
                boolean primitive = primitive(f.type());
                if (!primitive && pass == 0) {
                    continue;
                }
                b.append("    if ").append(primitive ? (pass == 0 ? "" : "not ") + "_sb_absent(" + val + ")" : val + " is not None").append(":\n")
                        .append("        mv, off = memoryview(bytearray(").append(p.size()).append(")), 0\n")
                        .append(storeStatement(model, i, m, runs, val, "prefix + " + PythonWriter.literal(f.name()), "        "))
                        .append("        _sb_union_merge(mv, merged, held, _SB_").append(r).append("_HELD[").append(i).append("])\n");
            }
        }
        b.append("    failed: list[_SB_Any] = []\n");
        for (int i = 0; i < p.members().size(); i++) {
            FieldModel f = p.members().get(i).field();
            String val = "value." + names.get(f);
            boolean primitive = primitive(f.type());
            String rule = "the members of a union share their bytes, and '" + f.name() + "' does not read back as given once every member is written";
            b.append("    try:\n        back = _SB_").append(r).append("_READ[").append(i).append("][0](memoryview(merged), 0, ")
                    .append(PythonWriter.literal(simple(model))).append(", \"\")\n")
                    .append("    except ValueError as e:\n")
                    .append("        if not ").append(primitive ? "_sb_absent(" + val + ")" : val + " is None").append(":\n")
                    .append("            raise _sb_error(struct, prefix + ").append(PythonWriter.literal(f.name())).append(", ")
                    .append(PythonWriter.literal(rule)).append(" + f\": {e}\", None) from None\n")
                    .append("        failed.append(e)\n")
                    .append("    else:\n        failed.append(None)\n")
                    .append("        if ").append(primitive ? "" : val + " is None or ").append("not _sb_same(back, ").append(val).append("):\n")
                    .append("            raise _sb_error(struct, prefix + ").append(PythonWriter.literal(f.name())).append(", ")
                    .append(PythonWriter.literal(rule)).append(", None)\n");
        }
        b.append("    refusing = _sb_union_refusing(memoryview(merged), 0, failed, _SB_").append(r).append("_HELD)\n")
                .append("    if refusing >= 0:  # as Java's read of these bytes: the refusing member's error\n")
                .append("        _SB_").append(r).append("_READ[refusing][0](memoryview(merged), 0, struct, prefix)\n")
                .append("    _sb_union_put(target, base, merged, held)\n");
    }

}
