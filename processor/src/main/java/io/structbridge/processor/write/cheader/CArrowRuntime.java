package io.structbridge.processor.write.cheader;

import io.structbridge.processor.model.CTypes;
import io.structbridge.processor.write.ProcessorResource;

/**
 * The struct-independent C of the Arrow export ({@link CArrowExportWriter}): the real header
 * {@code structbridge_arrow.h} (source {@code layout-runtime/src/main/c/structbridge_arrow.h}, which the processor
 * build adds to this package as a resource, and which the runtime jar holds as
 * {@code META-INF/structbridge/structbridge_arrow.h}). It holds the C Data Interface declarations of the spec, the
 * owners, buffers, release callbacks, checks and error messages every export uses; its own comment says what and
 * why. Each header with an export includes it; {@link io.structbridge.processor.write.GeneratedFiles} writes it once
 * into {@code -Astructbridge.headerDir} beside the headers.
 */
public final class CArrowRuntime {
    private CArrowRuntime() {}

    /** The file name, which the generated headers include. */
    public static final String FILE = CTypes.ARROW_RUNTIME_HEADER;

    private static final String TEXT = ProcessorResource.text(CArrowRuntime.class, FILE);

    /** {@return the text of {@code structbridge_arrow.h}} */
    public static String text() {
        return TEXT;
    }
}
