// CSS imports in components under test.
module.exports = {};
