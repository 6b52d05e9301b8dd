package io.structbridge.processor.write.json;

import com.palantir.javapoet.AnnotationSpec;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.JavaFile;

/**
 * Puts {@code @JsonSerialize(using = StructJsonSerializer.class)} and {@code @JsonDeserialize(using =
 * StructJsonDeserializer.class)} on a generated {@code RArray} or {@code RView} when structbridge-jackson is on the
 * compile class path, so that a Jackson mapper without {@code StructJsonModule} writes and reads its structs (or,
 * without a codec, fails naming the cause) instead of a silent {@code {}} or silently ignored input.
 */
public final class SerializedByCodec {
    /** The serializer's class, looked up on the compile class path. */
    public static final String SERIALIZER = JsonCodecWriter.PKG + ".StructJsonSerializer";
    /** The deserializer's class. */
    public static final String DESERIALIZER = JsonCodecWriter.PKG + ".StructJsonDeserializer";
    /** Databind's annotation, looked up on the compile class path. */
    public static final String ANNOTATION = "tools.jackson.databind.annotation.JsonSerialize";
    /** Databind's annotation for reading. */
    public static final String DESERIALIZE = "tools.jackson.databind.annotation.JsonDeserialize";

    private SerializedByCodec() {}

    /**
     * {@return {@code file} with the annotation on its type}
     *
     * @param file a generated array or view class, as its writer built it
     */
    public static JavaFile annotate(JavaFile file) {
        return JavaFile.builder(file.packageName(), file.typeSpec().toBuilder().addAnnotation(using())
                        .addAnnotation(AnnotationSpec.builder(ClassName.bestGuess(DESERIALIZE))
                                .addMember("using", "$T.class", ClassName.bestGuess(DESERIALIZER)).build()).build())
                .skipJavaLangImports(true).indent("    ").build();
    }

    private static AnnotationSpec using() {
        return AnnotationSpec.builder(ClassName.bestGuess(ANNOTATION))
                .addMember("using", "$T.class", ClassName.bestGuess(SERIALIZER)).build();
    }
}
