#include <iostream>
#include <string>
#include <unordered_map>
#include <vector>

namespace galley {

// An LRU-ish cache keyed by path.
template <typename Value>
class Cache {
public:
    explicit Cache(std::size_t limit) : limit_(limit) {}

    const Value* get(const std::string& key) const {
        auto it = entries_.find(key);
        return it == entries_.end() ? nullptr : &it->second;
    }

    void put(std::string key, Value value) {
        if (entries_.size() >= limit_) {
            entries_.clear();
        }
        entries_.emplace(std::move(key), std::move(value));
    }

    virtual ~Cache() = default;

private:
    std::size_t limit_;
    std::unordered_map<std::string, Value> entries_;
};

}  // namespace galley

int main() {
    galley::Cache<std::vector<int>> cache(16);
    cache.put("a", {1, 2, 3});
    if (auto* v = cache.get("a"); v != nullptr) {
        std::cout << "size: " << v->size() << std::endl;
    }
    constexpr double ratio = 0.75;
    bool ok = true;
    return ok ? 0 : 1;
}
