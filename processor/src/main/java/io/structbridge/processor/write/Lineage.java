package io.structbridge.processor.write;

import io.structbridge.processor.layout.LayoutVersions;
import io.structbridge.processor.layout.StructLayoutPlan;
import java.util.ArrayList;
import java.util.List;

/**
 * The lineage of a record: for each layout version 1 to its own, the size, alignment and fingerprint of the record
 * with only the members of that version or older. A struct file records it (format 3), and a reader accepts a file
 * whose lineage agrees with its own on every version both hold; the generated {@code StructType.lineage()} returns it.
 */
public final class Lineage {
    private Lineage() {}

    /**
     * One layout version.
     *
     * @param version the layout version, from 1
     * @param size the size in bytes of that version's struct
     * @param alignment the alignment in bytes of that version's struct
     * @param fingerprint the fingerprint of that version's layout ({@link Fingerprint#of})
     */
    public record Entry(int version, long size, long alignment, String fingerprint) {}

    /**
     * {@return versions 1 to V of the record of {@code plan} (V its layout version); the last is the plan's own size,
     * alignment and fingerprint}
     */
    public static List<Entry> of(StructLayoutPlan plan) {
        int own = LayoutVersions.of(plan.model());
        List<Entry> entries = new ArrayList<>();
        for (int k = 1; k < own; k++) {
            StructLayoutPlan prefix = LayoutVersions.plan(plan.model(), k);
            entries.add(new Entry(k, prefix.size(), prefix.alignment(), Fingerprint.of(prefix)));
        }
        entries.add(new Entry(own, plan.size(), plan.alignment(), Fingerprint.of(plan)));
        return List.copyOf(entries);
    }
}
