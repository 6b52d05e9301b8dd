package io.structbridge.processor.layout;

import io.structbridge.processor.model.FieldModel;
import io.structbridge.processor.model.StructModel;
import io.structbridge.processor.model.TaggedUnion;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The layout versions of a record ({@code @Since}): version {@code k} is the record with only its top-level members
 * of {@code @Since} {@code k} or lower. Members are appended in version order, so each earlier member keeps its offset
 * in every later version; a struct file written with version {@code k} holds exactly the struct of
 * {@link #prefix(StructModel, int)}.
 */
public final class LayoutVersions {
    /**
     * The highest layout version ({@code @Since}) a record may have: a struct file's lineage holds up to 65535, but
     * every version is an entry in the generated Java, C, Python and Mojo, and versions are numbered without gaps,
     * so a record has at most one version per component (a record holds at most 254 components: its canonical
     * constructor takes one JVM argument slot per component, 255 at most with {@code this}).
     */
    public static final int MAX = io.structbridge.processor.model.LockedLayout.MAX_VERSION;

    private LayoutVersions() {}

    /** {@return the record's layout version: the highest {@code @Since} of its components, 1 when none has one} */
    public static int of(StructModel model) {
        return java.util.stream.Stream.concat(model.fields().stream(), model.reserved().stream().map(StructModel.Reserved::field))
                .mapToInt(FieldModel::since).max().orElse(1);
    }

    /**
     * {@return a copy of {@code model} with only the members of {@code @Since} {@code version} or lower, no asserted
     * size, and only the tagged unions whose union and discriminator both remain}
     */
    public static StructModel prefix(StructModel model, int version) {
        List<FieldModel> fields = model.fields().stream().filter(f -> f.since() <= version).toList();
        // positions stay the record constructor's: a prefix's members come before every later one, reserved or not
        List<StructModel.Reserved> reserved = model.reserved().stream().filter(r -> r.field().since() <= version).toList();
        Set<String> names = fields.stream().map(FieldModel::name).collect(Collectors.toSet());
        List<TaggedUnion> tagged = model.tagged().stream()
                .filter(t -> names.contains(t.union()) && names.contains(t.tag())).toList();
        return new StructModel(model.record(), model.pack(), model.align(), model.order(), -1, fields, model.description(),
                model.ignoreUnknown(), model.fallback(), model.union(), tagged, reserved);
    }

    /**
     * {@return the layout of version {@code version} of the record}
     *
     * @throws ArithmeticException if a size or offset exceeds {@code Long.MAX_VALUE} bytes
     */
    public static StructLayoutPlan plan(StructModel model, int version) {
        return LayoutEngine.plan(prefix(model, version));
    }
}
