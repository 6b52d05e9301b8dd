/** The strict Jackson 3 configuration that structbridge's JSON Schemas describe. */
module io.structbridge.jackson {
    requires transitive tools.jackson.databind;
    exports io.structbridge.jackson;
}
