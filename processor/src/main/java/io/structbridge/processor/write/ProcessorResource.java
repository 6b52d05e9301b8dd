package io.structbridge.processor.write;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * Reads a text file that the processor jar holds beside a class: the runtimes that are the same for every record
 * and are real source files rather than Java strings (the Python {@code structbridge_rt.py}, the Mojo
 * {@code structbridge_rt.mojo}, the C Arrow runtime {@code structbridge_arrow.h}).
 */
public final class ProcessorResource {
    private ProcessorResource() {}

    /** {@return the UTF-8 text of the resource {@code name} in the package of {@code anchor}} */
    public static String text(Class<?> anchor, String name) {
        try (InputStream in = anchor.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("the processor jar lacks the resource " + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
