/**
 * The structbridge annotation processor. Register it in {@code annotationProcessorPaths}; it is
 * found through {@code META-INF/services} (and {@code provides} below on the module path).
 */
module io.structbridge.processor {
    requires java.compiler;
    requires io.structbridge.annotations;
    requires com.palantir.javapoet;

    provides javax.annotation.processing.Processor with io.structbridge.processor.StructProcessor;
}
